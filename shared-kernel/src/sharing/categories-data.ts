import { messages } from '../domain/messages.ts';
import { byFolderName, type FolderPermission } from '../domain/validation.ts';
import { DataError, dataOf } from '../network/data-error.ts';
import type { WorkspaceClient } from '../supabase/client.ts';
import { type Collaborator, listCollaboratorsByCategory } from './sharing-data.ts';

/** What a category holds: ideas or writings. */
export type CategoryItemType = 'idea' | 'writing';

/** A category (an ideas category or a writings folder) with the signed-in user's access to it. */
export type Category = {
  readonly id: string;
  readonly name: string;
  readonly isOwner: boolean;
  /** Shared with someone (for the owner) or with the signed-in user (for a recipient). */
  readonly isShared: boolean;
  /** The signed-in user's access: owners always 'write'. */
  readonly permission: FolderPermission;
  /** The category's recipients (only the owner sees them all; a recipient sees the shares RLS shows). */
  readonly sharedUsers: readonly Collaborator[];
};

/**
 * The categories of one item type the user sees, by name: their own and those shared with them (RLS
 * shows a shared one once its invitation is accepted), each with the user's access and collaborators.
 */
export async function listCategories({
  client,
  userId,
  itemType,
}: {
  client: WorkspaceClient;
  userId: string;
  itemType: CategoryItemType;
}): Promise<Category[]> {
  const categories = dataOf(
    await client.from('categories').select('id, name, user_id').eq('item_type', itemType),
  ).sort(byFolderName);
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

/** Creates a category owned by the user. The name must already be validated. */
export async function createCategory({
  client,
  userId,
  name,
  itemType,
}: {
  client: WorkspaceClient;
  userId: string;
  name: string;
  itemType: CategoryItemType;
}): Promise<Category> {
  const data = dataOf(
    await client
      .from('categories')
      .insert({ user_id: userId, name, item_type: itemType })
      .select('id, name')
      .single(),
  );
  return { ...data, isOwner: true, isShared: false, permission: 'write', sharedUsers: [] };
}

/** Renames a category the user owns ('Category not found' when none was renamed). */
export async function renameCategory({
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

/** Deletes a category the user owns; its items become uncategorized (ON DELETE SET NULL). */
export async function deleteCategory({ client, id }: { client: WorkspaceClient; id: string }): Promise<void> {
  const data = dataOf(await client.from('categories').delete().eq('id', id).select('id'));
  if (data.length === 0) throw new DataError('not-found', messages.categories.notFound);
}
