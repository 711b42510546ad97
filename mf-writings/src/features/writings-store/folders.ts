// The folder list: loading it (again when back online), choosing one, and changing folders.
import {
  byFolderName,
  findFolderByName,
  isOfflineFailure,
  leaveCategory,
  messages,
  validateCategoryName,
} from 'shared-kernel';
import { asError, keepFolders, keptFolders } from '../offline-store/index.ts';
import {
  createFolder,
  deleteFolder,
  type Folder,
  listFolders,
  renameFolder,
} from '../writings-data/index.ts';
import { loadFirstPage } from './list-paging.ts';
import { connection, runtime, say, setState } from './store-state.ts';

/** Loads the folders in the background; a failure leaves them to the next time the list goes live. */
export function loadFolders(): void {
  refreshFolders().then(
    () => {
      runtime.foldersMissing = false;
    },
    (error: unknown) => {
      runtime.foldersMissing = true;
      console.warn('The folders could not be loaded; they are tried again when back online', asError(error));
    },
  );
}

/**
 * Reloads the folder list (after a change to folders or shares). It is kept on this device: offline (a
 * reload without a connection) the folders last seen here are shown.
 */
export async function refreshFolders(): Promise<void> {
  const { client, userId } = connection();
  const started = runtime.session;
  const shown = runtime.state.selectedFolderId;
  let folders: Folder[];
  try {
    folders = await listFolders({ client, userId });
    void runtime.offline.then((store) => store && keepFolders(store.database, folders)).catch(() => {});
  } catch (error) {
    const store = isOfflineFailure(error) ? await runtime.offline : null;
    const kept = store ? await keptFolders(store.database) : null;
    if (!kept) throw error;
    folders = kept;
  }
  if (started !== runtime.session) return;
  setState({ folders });
  // Shown since before the server answered, and not in its answer: the folder is gone.
  const gone = shown !== null && shown === runtime.state.selectedFolderId;
  if (gone && !folders.some((folder) => folder.id === shown)) await leaveGoneFolder(shown);
}

/**
 * The folder shown was deleted or unshared by its owner (or left on another device): the list goes back
 * to the writer's own writings, and a writing of that folder open in the editor closes, its unsaved
 * changes saved as on any leave (kept as a copy when the server refuses them).
 */
async function leaveGoneFolder(folderId: string): Promise<void> {
  const { items, selectedWritingId } = runtime.state;
  if (items.some((item) => item.id === selectedWritingId && item.category_id === folderId)) {
    setState({ selectedWritingId: null, selectedIds: new Set(), anchorId: null });
  }
  await selectFolder(null);
}

/** Filters the list by a folder (`null`: the user's own writings) and resubscribes. */
export async function selectFolder(folderId: string | null): Promise<void> {
  if (folderId === runtime.state.selectedFolderId && runtime.state.status !== 'idle') return;
  setState({ selectedFolderId: folderId, selectedIds: new Set(), anchorId: null });
  await loadFirstPage();
}

/** The selected folder, if any. */
export function selectedFolder(): Folder | null {
  return runtime.state.folders.find((folder) => folder.id === runtime.state.selectedFolderId) ?? null;
}

/** The user's access to the selected folder: 'owner' with no folder or their own folder. */
export function currentFolderPermission(): 'owner' | 'write' | 'read' {
  const folder = selectedFolder();
  if (!folder || folder.isOwner) return 'owner';
  return folder.permission;
}

/**
 * A folder shared with the writer for reading: its writings are theirs to read only (the row menu offers
 * nothing). An action asked for anyway is refused here with the spec's alert, not sent to the server.
 */
export function refusedReadOnly(): boolean {
  if (currentFolderPermission() !== 'read') return false;
  setState({ notice: messages.categories.noWriteAccess });
  return true;
}

/** Folders being created, by name in lower case: a second ask for the same name joins the first. */
const adding = new Map<string, Promise<Folder | null>>();

/**
 * Creates a folder ('Category name is required' when blank; that alert goes once a folder is made).
 * Answers the folder, or `null`. Asked twice for the same name before the first is made (a double
 * click, Enter pressed twice), it makes one folder. A name one of the writer's folders already has, in
 * any case, makes no second one: that folder is chosen and answered, as a move to that name finds it.
 */
export async function addFolder(name: string): Promise<Folder | null> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState({ notice: validated.error });
    return null;
  }
  const own = runtime.state.folders.filter((folder) => folder.isOwner);
  const existing = findFolderByName(own, validated.value);
  if (existing) {
    clearNameAlert();
    await selectFolder(existing.id);
    return existing;
  }
  const key = validated.value.toLowerCase();
  const pending = adding.get(key);
  if (pending) return pending;
  const made = createNamedFolder(validated.value).finally(() => adding.delete(key));
  adding.set(key, made);
  return made;
}

/** A folder made or found: the blank-name alert of an earlier try goes. */
function clearNameAlert(): void {
  if (runtime.state.notice === messages.categories.nameRequired) setState({ notice: null });
}

async function createNamedFolder(name: string): Promise<Folder | null> {
  const { client, userId } = connection();
  try {
    const folder = await createFolder({ client, userId, name });
    setState({
      folders: [...runtime.state.folders, folder].sort(byFolderName),
    });
    clearNameAlert();
    return folder;
  } catch (error) {
    say(error, messages.categories.notFound);
    return null;
  }
}

/** Renames a folder ('Category name is required' when blank). */
export async function renameFolderTo(id: string, name: string): Promise<boolean> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState({ notice: validated.error });
    return false;
  }
  const { client } = connection();
  try {
    await renameFolder({ client, id, name: validated.value });
    setState({
      folders: runtime.state.folders
        .map((folder) => (folder.id === id ? { ...folder, name: validated.value } : folder))
        .sort(byFolderName),
      items: runtime.state.items.map((item) =>
        item.category_id === id ? { ...item, category: validated.value } : item,
      ),
    });
    return true;
  } catch (error) {
    say(error, messages.categories.notFound);
    return false;
  }
}

/** Leaves a folder shared with the user; a failure says 'Failed to remove share'. Answers whether it left. */
export async function leaveFolder(id: string): Promise<boolean> {
  try {
    const { client, userId } = connection();
    await leaveCategory({ client, categoryId: id, userId });
  } catch (error) {
    console.warn(`Folder ${id} could not be left`, asError(error));
    setState({ notice: messages.sharing.removeShareFailed });
    return false;
  }
  if (runtime.state.selectedFolderId === id) await selectFolder(null);
  // It is left; a list that cannot be read now is read again when the list is live again.
  await refreshFolders().catch((error: unknown) => {
    runtime.foldersMissing = true;
    console.warn('The folders could not be reloaded', asError(error));
  });
  return true;
}

/** Deletes a folder (the caller has confirmed); its writings become unassigned. */
export async function removeFolder(id: string): Promise<boolean> {
  const { client } = connection();
  try {
    await deleteFolder({ client, id });
    setState({
      folders: runtime.state.folders.filter((folder) => folder.id !== id),
      items: runtime.state.items.map((item) =>
        item.category_id === id ? { ...item, category: null, category_id: null } : item,
      ),
    });
    if (runtime.state.selectedFolderId === id) await selectFolder(null);
    return true;
  } catch (error) {
    say(error, messages.categories.notFound);
    return false;
  }
}
