import {
  createCategory,
  deleteCategory,
  listCategories,
  renameCategory,
  type WorkspaceClient,
} from 'shared-kernel';
import type { Folder } from './types.ts';

/**
 * The writings folders the user sees, by name: their own and those shared with them, each with the
 * user's access and its collaborators (the kernel's categories of item type 'writing').
 */
export function listFolders({
  client,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): Promise<Folder[]> {
  return listCategories({ client, userId, itemType: 'writing' });
}

/** Creates a writings folder owned by the user. The name must already be validated. */
export function createFolder({
  client,
  userId,
  name,
}: {
  client: WorkspaceClient;
  userId: string;
  name: string;
}): Promise<Folder> {
  return createCategory({ client, userId, name, itemType: 'writing' });
}

/** Renames a folder the user owns; its writings follow (a database trigger). */
export function renameFolder(request: { client: WorkspaceClient; id: string; name: string }): Promise<void> {
  return renameCategory(request);
}

/** Deletes a folder the user owns; its writings become unassigned (ON DELETE SET NULL). */
export function deleteFolder(request: { client: WorkspaceClient; id: string }): Promise<void> {
  return deleteCategory(request);
}
