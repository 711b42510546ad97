// Creating (online or on this device), deleting and renaming writings from the list.
import {
  canWriteToFolder,
  createWritingDocument,
  type DocumentNode,
  draftKeptAsCopyText,
  isOfflineFailure,
  type Json,
  limitReachedOf,
  mergeTextsLater,
  messages,
  nonBlank,
  saveErrorMessage,
  toDataError,
  type WritingText,
  writingPreview,
} from 'shared-kernel';
import {
  asError,
  CONFLICT_COPY_SUFFIX,
  type LocalWriting,
  newLocalId,
  type OfflineStore,
  resolveId,
  sameJson,
  writingOfLocal,
} from '../offline-store/index.ts';
import {
  createWriting,
  deleteWriting,
  type Folder,
  type Writing,
  type WritingDraft,
  type WritingSummary,
} from '../writings-data/index.ts';
import { applyLocalEdit, markSaved, markUnsaved } from './drafts.ts';
import { refusedReadOnly, selectedFolder } from './folders.ts';
import { compareNewestFirst } from './merge.ts';
import { loadWriting, saveWritingEdit } from './open-and-save.ts';
import { retitleOpenWriting, withTitle } from './retitle.ts';
import { selectWriting, writerOpenings } from './selection.ts';
import { connection, runtime, say, setState } from './store-state.ts';

/** The writing being created, or the last of those asked for one after the other. */
let creating: Promise<Writing | null> | null = null;

/**
 * Creates a writing in the selected folder, puts it first in the list and opens it (unless the writer
 * opened another meanwhile, from the list or search: that one stays open). A read-only folder
 * or a failure is told through the notice; the answer is then `null`. Asked again while one is being
 * made (New clicked twice), the one writing is the answer: each counts against the plan's documents.
 * With `another` (the writer typed for the first since), a second writing is made once the first is.
 */
export function createAndSelect({ another = false } = {}): Promise<Writing | null> {
  if (creating && !another) return creating;
  const opened = writerOpenings();
  const create = () => createNow(opened);
  const made = (creating ?? Promise.resolve(null)).then(create, create).finally(() => {
    if (creating === made) creating = null;
  });
  creating = made;
  return made;
}

/** Makes the writing; it opens unless the writer has opened another since New (`opened` then). */
async function createNow(opened: number): Promise<Writing | null> {
  const { client, userId } = connection();
  const folder = selectedFolder();
  try {
    let writing: Writing;
    try {
      writing = await createWriting({ client, userId, folder });
    } catch (error) {
      const store = await runtime.offline;
      if (!store || !isOfflineFailure(error)) throw error;
      writing = await createLocally(store, userId, folder);
    }
    const { content: _content, ...summary } = writing;
    listNew(summary);
    // The writer opened another writing while this one was made: theirs stays open, this one is listed.
    if (writerOpenings() === opened) selectWriting(writing.id);
    return writing;
  } catch (error) {
    // Past the documents limit: the rate limit alert (with Upgrade) instead of a save failure.
    const limit = limitReachedOf(error);
    if (limit) setState({ limit });
    else say(error, messages.save.failed);
    return null;
  }
}

/** A writing made without a connection: a `local_` id, kept on this device and queued for the server. */
export async function createLocally(
  store: OfflineStore,
  userId: string,
  folder: Folder | null,
  {
    title = messages.writings.untitled,
    content = createWritingDocument() as unknown as Json,
    preview = '',
  }: { title?: string; content?: Json; preview?: string } = {},
): Promise<Writing> {
  const id = newLocalId();
  const now = new Date().toISOString();
  const writing: LocalWriting = {
    id,
    user_id: userId,
    title,
    preview,
    content,
    category: folder?.name ?? null,
    category_id: folder?.id ?? null,
    created_at: now,
    updated_at: now,
    base: null,
  };
  await store.queue({
    op: 'create',
    id,
    payload: { title, content, category_id: folder?.id ?? null },
    writing,
  });
  return writingOfLocal(writing);
}

/**
 * Lists a writing of the writer's just made, newest first, when the list shows its folder (or the
 * writer's own writings), and once: it may be listed already, under the id it has now.
 */
function listNew(summary: WritingSummary, listedAs: readonly string[] = [summary.id]): void {
  const { selectedFolderId, items } = runtime.state;
  if (selectedFolderId !== null && selectedFolderId !== summary.category_id) return;
  if (items.some((item) => listedAs.includes(item.id))) return;
  setState({ items: [summary, ...runtime.state.items].sort(compareNewestFirst) });
}

/**
 * Keeps words the writer typed in writing `of` just before a page closed, which another tab or device
 * saved over after that page closed, as a writing of their own beside it: "<title> (conflicted copy)",
 * as the sync keeps both versions of an edit. In the writing's folder, or outside any folder when that
 * one is read-only now. Queued on this device like a writing made offline, so it reaches the server when
 * it can (a connection, room in the plan); without a device store (no IndexedDB), made on the server.
 * Answers whether the words are kept; when not, the exit draft stays for the next time the writing opens.
 */
export async function keepDraftAsCopy(of: string, draft: { title: string; content: Json }): Promise<boolean> {
  const store = await runtime.offline;
  const { client, userId } = connection();
  const folderId = runtime.state.items.find((item) => item.id === of)?.category_id;
  const ownFolder = runtime.state.folders.find((each) => each.id === folderId) ?? null;
  const folder = canWriteToFolder(ownFolder) ? ownFolder : null;
  const title = `${draft.title}${CONFLICT_COPY_SUFFIX}`;
  try {
    if (store) {
      const preview = writingPreview(draft.content as DocumentNode | null);
      const copy = await createLocally(store, userId, folder, { title, content: draft.content, preview });
      const { content: _content, ...summary } = copy;
      // Online, it has synced by now: listed under its server id already, or to be when the list refetches.
      const id = await resolveId(store.database, copy.id);
      listNew({ ...summary, id }, [id, copy.id]);
    } else {
      const { content: _content, ...summary } = await createWriting({
        client,
        userId,
        folder,
        title,
        content: draft.content,
      });
      listNew(summary);
    }
  } catch (error) {
    console.warn('[writings] words kept when a page closed could not be kept as a copy', error);
    return false;
  }
  setState({ notice: draftKeptAsCopyText({ title: draft.title, copy: title }) });
  return true;
}

/**
 * Keeps words the writer typed in writing `of` just before a page closed, over a version (`base`, with
 * its text `baseText`) that someone has since saved over (`opened`, the copy now shown). Merged into the
 * writing when the two changed different places (saved as the writer's edit: the editor shows it once
 * it is in), else kept beside it as a copy ({@link keepDraftAsCopy}). Answers whether the words are kept.
 */
export async function keepDraftTypedOver(
  of: string,
  draft: { title: string; content: Json; baseText?: WritingText },
  opened: Writing,
): Promise<boolean> {
  const merged = draft.baseText ? await mergeTextsLater(draft.baseText, draft, opened) : null;
  if (!merged) return keepDraftAsCopy(of, draft);
  if (merged.title === opened.title && sameJson(merged.content, opened.content)) return true;
  try {
    // The open pane shows the copy opened, not this text, and its next save is built on that copy, not on
    // this one: it does not carry these words on, so this text is sent again if a save of the pane takes
    // its place in the outbox. (The pane's words of that instant are then saved over: the merged text
    // should reach the server through the pane. Not yet so.)
    await saveWritingEdit(
      { id: of, title: merged.title, content: merged.content as Json },
      { carriedOn: false },
    );
  } catch (error) {
    // Kept on the device (it syncs when it can), unless the device had no room or no store for it.
    console.warn('[writings] words kept when a page closed wait to sync', error);
    return (await runtime.offline) !== null && toDataError(error).code !== 'storage-full';
  }
  return true;
}

/** Listens to the writings deleted in this tab. */
export function onWritingRemoved(listener: (id: string) => void): () => void {
  runtime.removedListeners.add(listener);
  return () => runtime.removedListeners.delete(listener);
}

/** Deletes a writing, drops it from the list and, when it was open, opens its neighbour. */
export async function removeWriting(id: string): Promise<void> {
  if (refusedReadOnly()) return;
  const { client } = connection();
  const store = await runtime.offline;
  // Queued, it is deleted on the server now or when the connection returns.
  if (store) await store.queue({ op: 'delete', id });
  else await deleteWriting({ client, id });
  const index = runtime.state.items.findIndex((item) => item.id === id);
  const items = runtime.state.items.filter((item) => item.id !== id);
  const unsaved = new Set(runtime.state.unsaved);
  unsaved.delete(id);
  const { [id]: _removed, ...drafts } = runtime.state.drafts;
  const selectedIds = new Set(runtime.state.selectedIds);
  selectedIds.delete(id);
  setState({ items, unsaved, drafts, selectedIds });
  if (runtime.state.selectedWritingId === id) {
    const neighbour = items[Math.min(index, items.length - 1)];
    setState({ selectedWritingId: neighbour?.id ?? null });
  }
  for (const listener of runtime.removedListeners) listener(id);
}

/**
 * Renames a writing from the list; a blank name is ignored. The title lives in the writing's first
 * heading (every save derives it from there), so the heading is what changes: in the open editor when it
 * shows the writing, else in the stored document, saved like an edit (kept on this device and queued, so
 * it holds offline too). A failure is told as a save failure is.
 */
export async function renameWritingTo(id: string, title: string): Promise<void> {
  const name = nonBlank(title);
  if (name === null || refusedReadOnly() || retitleOpenWriting(id, name)) return;
  let content: Json;
  try {
    const writing = await loadWriting(id);
    if (!writing) throw new Error(messages.categories.notFound);
    content = withTitle(writing.content, name);
  } catch (error) {
    console.warn(`Writing ${id} could not be renamed`, asError(error));
    setState({ notice: saveErrorMessage(error) });
    return;
  }
  const preview = runtime.state.items.find((item) => item.id === id)?.preview ?? '';
  await saveEditOutsideEditor(id, { title: name, preview, content });
}

/**
 * Saves an edit of writing `id` made outside its editor (a rename from the list, keys typed on its copy
 * before the editor was there), over the version this tab read: kept on this device and queued, so it
 * holds offline too. A failure is told as a save failure is.
 */
export async function saveEditOutsideEditor(id: string, draft: WritingDraft): Promise<void> {
  applyLocalEdit(id, draft);
  try {
    markSaved(id, await saveWritingEdit({ id, title: draft.title, content: draft.content }), draft.content);
  } catch (error) {
    // Kept on this device and queued unless the message says otherwise; the unsaved mark stays.
    console.warn(`The edit of writing ${id} is not on the server yet`, asError(error));
    markUnsaved(id);
    setState({ notice: saveErrorMessage(error) });
  }
}
