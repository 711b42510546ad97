import { type FolderPermission, messages, type WorkspaceClient } from 'shared-kernel';
import type { Folder, SharedUser } from './types.ts';

const asPermission = (level: string): FolderPermission => (level === 'write' ? 'write' : 'read');

/**
 * The writings folders the user sees, by name: their own and those shared with them, each with the
 * user's access and its recipients (read in two more queries, not one per folder).
 */
export async function listFolders({
  client,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): Promise<Folder[]> {
  const categories = await client
    .from('categories')
    .select('id, name, user_id')
    .eq('item_type', 'writing')
    .order('name');
  if (categories.error) throw categories.error;
  const ids = categories.data.map((category) => category.id);
  if (ids.length === 0) return [];
  const shares = await client
    .from('category_shares')
    .select('id, category_id, shared_with_user_id, permission_level')
    .in('category_id', ids);
  if (shares.error) throw shares.error;
  const userIds = [...new Set(shares.data.map((share) => share.shared_with_user_id))];
  const users =
    userIds.length === 0
      ? { data: [], error: null }
      : await client.from('users').select('id, email, name, avatar_url').in('id', userIds);
  if (users.error) throw users.error;
  const profiles = new Map(users.data.map((user) => [user.id, user]));

  return categories.data.map((category) => {
    const folderShares = shares.data.filter((share) => share.category_id === category.id);
    const isOwner = category.user_id === userId;
    const mine = folderShares.find((share) => share.shared_with_user_id === userId);
    const sharedUsers: SharedUser[] = folderShares.map((share) => {
      const profile = profiles.get(share.shared_with_user_id);
      return {
        id: share.shared_with_user_id,
        email: profile?.email ?? null,
        name: profile?.name ?? null,
        avatar_url: profile?.avatar_url ?? null,
        permission: asPermission(share.permission_level),
        shareId: share.id,
      };
    });
    return {
      id: category.id,
      name: category.name,
      isOwner,
      isShared: isOwner ? sharedUsers.length > 0 : true,
      permission: isOwner ? 'write' : asPermission(mine?.permission_level ?? 'read'),
      sharedUsers,
    };
  });
}

/** Creates a writings folder owned by the user. The name must already be validated. */
export async function createFolder({
  client,
  userId,
  name,
}: {
  client: WorkspaceClient;
  userId: string;
  name: string;
}): Promise<Folder> {
  const { data, error } = await client
    .from('categories')
    .insert({ user_id: userId, name, item_type: 'writing' })
    .select('id, name')
    .single();
  if (error) throw error;
  return { ...data, isOwner: true, isShared: false, permission: 'write', sharedUsers: [] };
}

/** Renames a folder the user owns; its writings follow (a database trigger). */
export async function renameFolder({
  client,
  id,
  name,
}: {
  client: WorkspaceClient;
  id: string;
  name: string;
}): Promise<void> {
  const { data, error } = await client.from('categories').update({ name }).eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error(messages.categories.notFound);
}

/** Deletes a folder the user owns; its writings become unassigned (ON DELETE SET NULL). */
export async function deleteFolder({ client, id }: { client: WorkspaceClient; id: string }): Promise<void> {
  const { data, error } = await client.from('categories').delete().eq('id', id).select('id');
  if (error) throw error;
  if (data.length === 0) throw new Error(messages.categories.notFound);
}
