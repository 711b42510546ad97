import {
  DataError,
  dataOf,
  listCollaboratorsByCategory,
  messages,
  type WorkspaceClient,
} from 'shared-kernel';
import type { Folder } from './types.ts';

/**
 * The writings folders the user sees, by name: their own and those shared with them, each with the
 * user's access and its collaborators (read in two more queries, not one per folder).
 */
export async function listFolders({
  client,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): Promise<Folder[]> {
  const categories = dataOf(
    await client.from('categories').select('id, name, user_id').eq('item_type', 'writing').order('name'),
  );
  const collaborators = await listCollaboratorsByCategory({
    client,
    categoryIds: categories.map((category) => category.id),
  });
  return categories.map((category) => {
    const sharedUsers = collaborators.get(category.id) ?? [];
    const isOwner = category.user_id === userId;
    const mine = sharedUsers.find((collaborator) => collaborator.userId === userId);
    return {
      id: category.id,
      name: category.name,
      isOwner,
      isShared: isOwner ? sharedUsers.length > 0 : true,
      permission: isOwner ? 'write' : (mine?.permission ?? 'read'),
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
  const data = dataOf(
    await client
      .from('categories')
      .insert({ user_id: userId, name, item_type: 'writing' })
      .select('id, name')
      .single(),
  );
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
  const data = dataOf(await client.from('categories').update({ name }).eq('id', id).select('id'));
  if (data.length === 0) throw new DataError('not-found', messages.categories.notFound);
}

/** Deletes a folder the user owns; its writings become unassigned (ON DELETE SET NULL). */
export async function deleteFolder({ client, id }: { client: WorkspaceClient; id: string }): Promise<void> {
  const data = dataOf(await client.from('categories').delete().eq('id', id).select('id'));
  if (data.length === 0) throw new DataError('not-found', messages.categories.notFound);
}
