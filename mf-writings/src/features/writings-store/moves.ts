// Moving writings into a folder (by folder, or by name creating it).
import { canWriteToFolder, findFolderByName, messages, validateCategoryName } from 'shared-kernel';
import { type LocalWriting, localWriting, type OfflineStore, resolveId } from '../offline-store/index.ts';
import { type Folder, moveWritings, type WritingSummary } from '../writings-data/index.ts';
import { addFolder, refusedReadOnly } from './folders.ts';
import { connection, runtime, say, setState } from './store-state.ts';

/**
 * Moves writings into a folder. A shared folder without write access is refused with the spec's alert;
 * a failed move says 'Failed to move writing'. Writings that leave the filtered folder leave the list.
 * With the device's store open, a move is kept there first and synced in order with the writings' other
 * writes, so offline it waits for the connection like an edit. Answers whether they moved.
 */
export async function moveWritingsToFolder(ids: readonly string[], folder: Folder | null): Promise<boolean> {
  if (refusedReadOnly()) return false;
  if (!canWriteToFolder(folder)) {
    setState({ notice: messages.categories.noWriteAccess });
    return false;
  }
  const folderId = folder?.id ?? null;
  try {
    const store = await runtime.offline;
    const moved = store
      ? await keepMoves(store, ids, folder)
      : await moveWritings({ client: connection().client, ids, folderId });
    const byId = new Map(moved.map((row) => [row.id, row]));
    const stays = (row: WritingSummary) =>
      runtime.state.selectedFolderId === null || row.category_id === runtime.state.selectedFolderId;
    const items = runtime.state.items
      .map((item) => {
        const row = byId.get(item.id);
        return row ? { ...item, category: row.category, category_id: row.category_id } : item;
      })
      .filter(stays);
    // The selection goes; the writing open in the editor, if still listed, stays the selected row.
    const open = items.find((item) => item.id === runtime.state.selectedWritingId);
    setState({ items, selectedIds: new Set(open ? [open.id] : []) });
    return true;
  } catch (error) {
    say(error, messages.writings.moveFailed);
    return false;
  }
}

/**
 * Keeps the moves on this device (each writing's local copy in its new folder), all at once, and answers
 * the writings as moved: the list shows them moved then, not after the server's answer. Their sync
 * follows; a folder no longer writable is told by its 'move-refused' event (sync-events.ts).
 */
async function keepMoves(
  store: OfflineStore,
  ids: readonly string[],
  folder: Folder | null,
): Promise<WritingSummary[]> {
  const { userId } = connection();
  const { database } = store;
  // All kept on the device at once: one after the other's sync, a reload during the first lost the rest.
  const moved = await Promise.all(
    ids.map(async (id): Promise<WritingSummary | null> => {
      const kept = await localWriting(database, await resolveId(database, id));
      const item = runtime.state.items.find((row) => row.id === id);
      const summary = kept ?? item;
      if (!summary) return null;
      const writing: LocalWriting = {
        user_id: kept?.user_id ?? userId,
        content: null,
        base: item?.updated_at ?? null,
        ...summary,
        id,
        category: folder?.name ?? null,
        category_id: folder?.id ?? null,
      };
      await store.keep({ op: 'update', id, payload: { category_id: writing.category_id }, writing });
      return writing;
    }),
  );
  return moved.filter((writing) => writing !== null);
}

/** Moves writings to the folder of that name (matched case-insensitively), creating it when none. */
export async function moveWritingsToFolderNamed(ids: readonly string[], name: string): Promise<boolean> {
  if (refusedReadOnly()) return false; // before a folder of that name is made
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState({ notice: validated.error });
    return false;
  }
  const existing = findFolderByName(runtime.state.folders, validated.value);
  const folder = existing ?? (await addFolder(validated.value));
  return folder ? moveWritingsToFolder(ids, folder) : false;
}
