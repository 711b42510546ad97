// Moving writings into a folder (by folder, or by name creating it).
import { canWriteToFolder, findFolderByName, messages, validateCategoryName } from 'shared-kernel';
import { type Folder, moveWritings, type WritingSummary } from '../writings-data/index.ts';
import { addFolder } from './folders.ts';
import { connection, runtime, setState } from './store-state.ts';

/**
 * Moves writings into a folder. A shared folder without write access is refused with the spec's alert;
 * a failed move says 'Failed to move writing'. Writings that leave the filtered folder leave the list.
 * Answers whether they moved.
 */
export async function moveWritingsToFolder(ids: readonly string[], folder: Folder | null): Promise<boolean> {
  if (!canWriteToFolder(folder)) {
    setState({ notice: messages.categories.noWriteAccess });
    return false;
  }
  const { client } = connection();
  try {
    const moved = await moveWritings({ client, ids, folderId: folder?.id ?? null });
    const byId = new Map(moved.map((row) => [row.id, row]));
    const stays = (row: WritingSummary) =>
      runtime.state.selectedFolderId === null || row.category_id === runtime.state.selectedFolderId;
    const items = runtime.state.items
      .map((item) => {
        const row = byId.get(item.id);
        return row ? { ...item, category: row.category, category_id: row.category_id } : item;
      })
      .filter(stays);
    setState({ items, selectedIds: new Set() });
    return true;
  } catch {
    setState({ notice: messages.writings.moveFailed });
    return false;
  }
}

/** Moves writings to the folder of that name (matched case-insensitively), creating it when none. */
export async function moveWritingsToFolderNamed(ids: readonly string[], name: string): Promise<boolean> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState({ notice: validated.error });
    return false;
  }
  const existing = findFolderByName(runtime.state.folders, validated.value);
  const folder = existing ?? (await addFolder(validated.value));
  return folder ? moveWritingsToFolder(ids, folder) : false;
}
