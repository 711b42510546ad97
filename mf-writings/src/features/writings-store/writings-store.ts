import { useSyncExternalStore } from 'react';
import {
  canWriteToFolder,
  createWritingDocument,
  findFolderByName,
  type Json,
  leaveCategory,
  messages,
  nonBlank,
  online$,
  reportUnsyncedChanges,
  saveErrorMessage,
  syncConflictText,
  syncKeptAsCopyText,
  validateCategoryName,
  type WorkspaceClient,
  WRITINGS_PAGE_SIZE,
} from 'shared-kernel';
import {
  asError,
  isNetworkError,
  LOCAL_ID_PREFIX,
  type LocalWriting,
  listLocalWritings,
  localWriting,
  newLocalId,
  type OfflineStore,
  pendingIds,
  rememberServerWritings,
  resolveId,
  type SyncEvent,
  sameJson,
  startOfflineStore,
  summaryOfLocal,
  writingOfLocal,
} from '../offline-store/index.ts';
import { createFolder, deleteFolder, listFolders, renameFolder } from './folders-data.ts';
import { compareNewestFirst, mergeRefetched } from './merge.ts';
import { retitleOpenWriting, withTitle } from './retitle.ts';
import type { Folder, ListPageRequest, Writing, WritingDraft, WritingSummary } from './types.ts';
import {
  createWriting,
  deleteWriting,
  getWriting,
  listFirstWritings,
  listWritings,
  moveWritings,
  serverSave,
  summaryOf,
} from './writings-data.ts';

/** Where the list's loading is: 'loading' is the first page, 'loading-more' a later one. */
export type ListStatus = 'idle' | 'loading' | 'loading-more' | 'ready' | 'error';

/** Everything the sidebar and the editor share about the writings. */
export type WritingsState = {
  readonly userId: string | null;
  readonly items: readonly WritingSummary[];
  readonly status: ListStatus;
  readonly hasMore: boolean;
  readonly folders: readonly Folder[];
  readonly selectedFolderId: string | null;
  /** The writing open in the editor. */
  readonly selectedWritingId: string | null;
  /** The list's multi-selection (Cmd/Ctrl-click, Shift-click); the open writing is in it when chosen. */
  readonly selectedIds: ReadonlySet<string>;
  /** Where a Shift-click range starts. */
  readonly anchorId: string | null;
  /** Writings with local edits the server does not have yet. */
  readonly unsaved: ReadonlySet<string>;
  /** The local copies of those edits. */
  readonly drafts: Readonly<Record<string, WritingDraft>>;
  /** Whether the list's realtime subscription is joined (changes made elsewhere arrive). */
  readonly live: boolean;
  /** The last failure to tell the user (an alert text of the spec), until dismissed. */
  readonly notice: string | null;
  /** Writes kept on this device that wait to be synced (offline, or refused for now). */
  readonly pending: number;
};

const initialState: WritingsState = {
  userId: null,
  items: [],
  status: 'idle',
  hasMore: false,
  folders: [],
  selectedFolderId: null,
  selectedWritingId: null,
  selectedIds: new Set(),
  anchorId: null,
  unsaved: new Set(),
  drafts: {},
  live: false,
  notice: null,
  pending: 0,
};

let state = initialState;
let client: WorkspaceClient | null = null;
let channel: ReturnType<WorkspaceClient['channel']> | null = null;
// Bumped on every (re)connection and folder change, so answers for an older list are dropped.
let generation = 0;
// Bumped on every (re)connection, so folder answers for a previous user are dropped.
let session = 0;
// The signed-in user's offline store; `null` where IndexedDB is not available (online only).
let offline: Promise<OfflineStore | null> = Promise.resolve(null);
/**
 * The first writings of the list, whole, fetched beside the list for a short while: the writing that
 * opens on load (the first) and its neighbour open without a request of their own. Each is used once.
 */
const LISTED_COPIES = 2;
let listedCopies = new Map<string, { writing: Writing; at: number }>();
const listeners = new Set<() => void>();
const syncListeners = new Set<(event: SyncEvent) => void>();

function setState(update: Partial<WritingsState>): void {
  state = { ...state, ...update };
  for (const listener of listeners) listener();
}

/** The store's current state, outside React (actions, tests). */
export function getWritingsState(): WritingsState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Reads a slice of the writings store and re-renders when it changes. The selector must return a value
 * that stays identical while the state does not change (a field, not a new array or object).
 * @example const items = useWritingsStore((state) => state.items);
 */
export function useWritingsStore<Slice>(selector: (state: WritingsState) => Slice): Slice {
  return useSyncExternalStore(
    subscribe,
    () => selector(state),
    () => selector(state),
  );
}

function connection(): { client: WorkspaceClient; userId: string } {
  if (!client || !state.userId) throw new Error('The writings store is not connected');
  return { client, userId: state.userId };
}

/**
 * Points the store at a signed-in user. Both parcels call it with the same client and user; only the
 * first call (or a different user) loads the folders and the first page and subscribes to changes.
 */
export function connectWritingsStore({
  client: next,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): void {
  if (client === next && state.userId === userId) return;
  disconnectWritingsStore();
  client = next;
  setState({ userId });
  const started = session;
  offline = startOfflineStore({
    client: next,
    userId,
    onEvent: (event) => {
      if (started === session) applySyncEvent(event);
    },
    onPending: (pending) => {
      if (started !== session) return;
      setState({ pending });
      reportUnsyncedChanges(pending);
    },
  });
  loadFolders();
  foldersWhenOnline = online$.subscribe((online) => {
    if (online && foldersMissing) loadFolders();
  });
  void loadFirstPage();
}

/** Forgets the user (sign-out, tests): unsubscribes and empties the store. */
export function disconnectWritingsStore(): void {
  generation += 1;
  session += 1;
  foldersWhenOnline?.unsubscribe();
  foldersWhenOnline = null;
  void offline.then((store) => store?.close());
  offline = Promise.resolve(null);
  listedCopies = new Map();
  if (channel && client) void client.removeChannel(channel);
  channel = null;
  client = null;
  state = initialState;
  for (const listener of listeners) listener();
}

function say(error: unknown, fallback: string): void {
  const text = error instanceof Error && error.message ? error.message : fallback;
  setState({ notice: text });
}

/** Hides the notice. */
export function dismissNotice(): void {
  setState({ notice: null });
}

/**
 * Whether the folders failed to load (offline): they are loaded again when the connection returns, or
 * when the list's channel is live again (the server may come back later than the connection).
 */
let foldersMissing = false;
let foldersWhenOnline: { unsubscribe(): void } | null = null;

/** Loads the folders in the background; a failure leaves them to the next time the list goes live. */
function loadFolders(): void {
  refreshFolders().then(
    () => {
      foldersMissing = false;
    },
    (error: unknown) => {
      foldersMissing = true;
      console.warn('The folders could not be loaded; they are tried again when back online', asError(error));
    },
  );
}

/** Reloads the folder list (after a change to folders or shares). */
export async function refreshFolders(): Promise<void> {
  const { client, userId } = connection();
  const started = session;
  const folders = await listFolders({ client, userId });
  if (started === session) setState({ folders });
}

/**
 * A page of the list. From the server, kept on this device for reading offline, with this device's
 * unsynced writes laid over it (edited rows replaced, deleted ones dropped, writings made offline first
 * on the first page). When the server cannot be reached: the local copies, newest change first.
 */
async function readPage({
  client,
  userId,
  folderId,
  offset,
  limit,
}: ListPageRequest): Promise<WritingSummary[]> {
  // The request and the opening of the device's store go together: the list is on the way to first paint.
  const request = listWritings({ client, userId, folderId, offset, limit });
  request.catch(() => {}); // answered below, once the store is open
  const store = await offline;
  let page: WritingSummary[];
  try {
    page = await request;
  } catch (error) {
    if (!store || !isNetworkError(error)) throw error;
    return (await listLocalWritings(store.database, { userId, folderId, offset, limit })).map(summaryOfLocal);
  }
  if (!store) return page;
  const { database } = store;
  // Kept for reading offline; the list need not wait for it.
  void rememberServerWritings(database, userId, page).catch(() => {});
  const pending = await pendingIds(database);
  if (pending.size === 0) return page;
  const rows = await Promise.all(
    page.map(async (row) => {
      if (!pending.has(row.id)) return row;
      const local = await localWriting(database, row.id);
      return local ? summaryOfLocal(local) : null;
    }),
  );
  const shown = rows.filter((row) => row !== null);
  if (offset > 0) return shown;
  const madeHere = await Promise.all(
    [...pending].filter((id) => id.startsWith(LOCAL_ID_PREFIX)).map((id) => localWriting(database, id)),
  );
  const inList = (writing: LocalWriting | undefined): writing is LocalWriting =>
    writing !== undefined &&
    (folderId === null ? writing.user_id === userId : writing.category_id === folderId);
  return [...madeHere.filter(inList).map(summaryOfLocal), ...shown].sort(compareNewestFirst);
}

/**
 * Fetches the first writings of the list whole, beside the list's own request, so the one that opens on
 * load (the first) and its neighbour need no request of their own once the list is in.
 */
function fetchFirstWritings(client: WorkspaceClient, userId: string, folderId: string | null): void {
  const started = session;
  listFirstWritings({ client, userId, folderId, limit: LISTED_COPIES }).then(
    (writings) => {
      if (started !== session) return;
      const at = Date.now();
      listedCopies = new Map(writings.map((writing) => [writing.id, { writing, at }]));
    },
    () => {}, // each opens with its own request instead
  );
}

/** Loads the first page of the selected folder's list (or the user's own writings) and resubscribes. */
export async function loadFirstPage(): Promise<void> {
  const { client, userId } = connection();
  generation += 1;
  const started = generation;
  subscribeToChanges();
  setState({ status: 'loading', items: [], hasMore: false });
  if (state.selectedWritingId === null) fetchFirstWritings(client, userId, state.selectedFolderId);
  try {
    const items = await readPage({
      client,
      userId,
      folderId: state.selectedFolderId,
      offset: 0,
      limit: WRITINGS_PAGE_SIZE,
    });
    if (started !== generation) return;
    setState({ items, status: 'ready', hasMore: items.length === WRITINGS_PAGE_SIZE });
  } catch {
    if (started === generation) setState({ status: 'error' });
  }
}

/** Loads the next 20 writings unless a page is loading or the end was reached. */
export async function loadMore(): Promise<void> {
  if (state.status !== 'ready' || !state.hasMore) return;
  const { client, userId } = connection();
  const started = generation;
  setState({ status: 'loading-more' });
  try {
    const page = await readPage({
      client,
      userId,
      folderId: state.selectedFolderId,
      offset: state.items.length,
      limit: WRITINGS_PAGE_SIZE,
    });
    if (started !== generation) return;
    const known = new Set(state.items.map((item) => item.id));
    setState({
      items: [...state.items, ...page.filter((item) => !known.has(item.id))],
      status: 'ready',
      hasMore: page.length === WRITINGS_PAGE_SIZE,
    });
  } catch {
    if (started === generation) setState({ status: 'ready' });
  }
}

/** Refetches the loaded part of the list and merges it, keeping writings with unsaved edits as they are. */
export async function refetchAndMerge(): Promise<void> {
  const { client, userId } = connection();
  const started = generation;
  const requested = Math.max(state.items.length, WRITINGS_PAGE_SIZE);
  const fetched = await readPage({
    client,
    userId,
    folderId: state.selectedFolderId,
    offset: 0,
    limit: requested,
  });
  if (started !== generation) return;
  const items = mergeRefetched({ current: state.items, fetched, requested, keep: state.unsaved });
  setState({ items, hasMore: state.hasMore || fetched.length === requested });
}

let refetching = false;
let refetchAgain = false;

/** One refetch at a time: changes arriving meanwhile (a burst of saves) are covered by one more. */
function scheduleRefetch(): void {
  if (refetching) {
    refetchAgain = true;
    return;
  }
  refetching = true;
  void refetchAndMerge()
    .catch(() => {})
    .finally(() => {
      refetching = false;
      if (refetchAgain) {
        refetchAgain = false;
        scheduleRefetch();
      }
    });
}

function subscribeToChanges(): void {
  const { client, userId } = connection();
  if (channel) void client.removeChannel(channel);
  const folderId = state.selectedFolderId;
  const started = generation;
  const filter = folderId === null ? `user_id=eq.${userId}` : `category_id=eq.${folderId}`;
  channel = client
    .channel(`writings-list:${generation}`)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'writings', filter }, scheduleRefetch)
    .on('postgres_changes', { event: '*', schema: 'public', table: 'categories' }, () => {
      void refreshFolders().catch(() => {});
    })
    .on('postgres_changes', { event: '*', schema: 'public', table: 'category_shares' }, () => {
      void refreshFolders().catch(() => {});
    })
    .subscribe((status) => {
      if (started !== generation) return;
      setState({ live: status === 'SUBSCRIBED' });
      if (status === 'SUBSCRIBED' && foldersMissing) loadFolders();
    });
}

/** Filters the list by a folder (`null`: the user's own writings) and resubscribes. */
export async function selectFolder(folderId: string | null): Promise<void> {
  if (folderId === state.selectedFolderId && state.status !== 'idle') return;
  setState({ selectedFolderId: folderId, selectedIds: new Set(), anchorId: null });
  await loadFirstPage();
}

/** The selected folder, if any. */
export function selectedFolder(): Folder | null {
  return state.folders.find((folder) => folder.id === state.selectedFolderId) ?? null;
}

/** The user's access to the selected folder: 'owner' with no folder or their own folder. */
export function currentFolderPermission(): 'owner' | 'write' | 'read' {
  const folder = selectedFolder();
  if (!folder || folder.isOwner) return 'owner';
  return folder.permission;
}

/** Opens a writing in the editor (and makes it the whole selection). */
export function selectWriting(id: string | null): void {
  setState({ selectedWritingId: id, selectedIds: new Set(id ? [id] : []), anchorId: id });
}

/**
 * A click on a list row: plain opens it, `toggle` (Cmd/Ctrl) adds or removes it from the selection,
 * `range` (Shift) selects every row from the anchor to it.
 */
export function clickWriting(id: string, { toggle = false, range = false } = {}): void {
  if (range && state.anchorId) {
    const ids = state.items.map((item) => item.id);
    const from = ids.indexOf(state.anchorId);
    const to = ids.indexOf(id);
    if (from !== -1 && to !== -1) {
      const [start, end] = from < to ? [from, to] : [to, from];
      setState({ selectedIds: new Set(ids.slice(start, end + 1)) });
      return;
    }
  }
  if (toggle) {
    const selectedIds = new Set(state.selectedIds);
    if (selectedIds.has(id)) selectedIds.delete(id);
    else selectedIds.add(id);
    setState({ selectedIds, anchorId: id });
    return;
  }
  selectWriting(id);
}

function replaceItem(id: string, update: (item: WritingSummary) => WritingSummary): void {
  setState({ items: state.items.map((item) => (item.id === id ? update(item) : item)) });
}

/** An edit in the editor: the list row shows it at once, the draft keeps it, the writing is unsaved. */
export function applyLocalEdit(id: string, { title, preview, content }: WritingDraft): void {
  replaceItem(id, (item) => ({ ...item, title, preview }));
  setState({
    drafts: { ...state.drafts, [id]: { title, preview, content } },
    unsaved: new Set(state.unsaved).add(id),
  });
}

/**
 * The server has saved `row`. The unsaved mark and the draft go, unless `sent` (the content the save
 * carried) is given and a newer edit arrived meanwhile: then the draft stays unsaved.
 */
export function markSaved(id: string, row: Writing, sent?: Json): void {
  const draft = state.drafts[id];
  const newerEdit = sent !== undefined && draft !== undefined && draft.content !== sent;
  replaceItem(id, (item) => ({
    ...summaryOf(row),
    ...(newerEdit && draft ? { title: draft.title, preview: draft.preview } : {}),
    created_at: item.created_at,
  }));
  if (newerEdit) return;
  const unsaved = new Set(state.unsaved);
  unsaved.delete(id);
  const { [id]: _saved, ...drafts } = state.drafts;
  setState({ unsaved, drafts });
}

/** Marks a writing unsaved (a failed save keeps the mark). */
export function markUnsaved(id: string): void {
  setState({ unsaved: new Set(state.unsaved).add(id) });
}

/** Whether a writing has local edits the server does not have. */
export function isUnsaved(id: string): boolean {
  return state.unsaved.has(id);
}

/** A copy fetched earlier is used for this long; later someone may have edited the writing meanwhile. */
export const COPY_FRESH_FOR_MS = 15_000;

/**
 * Whether a copy of a writing fetched at `fetchedAt` may still be shown: fresh, and not older than the
 * version the list knows of (a save finished after it was read).
 */
export function isCurrentCopy(writing: Writing, fetchedAt: number): boolean {
  const listed = state.items.find((item) => item.id === writing.id);
  return Date.now() - fetchedAt < COPY_FRESH_FOR_MS && !(listed && listed.updated_at > writing.updated_at);
}

/**
 * A writing with its content for the editor: the server's (kept on this device for reading offline), or
 * this device's copy when it has unsynced writes or the server cannot be reached. A local draft wins
 * over both, so an unsaved edit is never replaced by an older copy.
 */
export async function loadWriting(id: string): Promise<Writing | null> {
  const { client, userId } = connection();
  // The server's copy (the one fetched beside the list, when it is still the newest the list knows of)
  // is asked for while this device's copy is looked up: opening waits for one of the two, not both.
  // (A writing made here offline has no server copy under this id.)
  const listed = listedCopies.get(id);
  listedCopies.delete(id);
  const early = id.startsWith(LOCAL_ID_PREFIX)
    ? null
    : listed && isCurrentCopy(listed.writing, listed.at)
      ? Promise.resolve(listed.writing)
      : getWriting({ client, id });
  early?.catch(() => {}); // answered below, unless this device's copy wins
  const store = await offline;
  const local = store ? await localWriting(store.database, await resolveId(store.database, id)) : undefined;
  const queued = store ? (await pendingIds(store.database)).has(local?.id ?? id) : false;
  let writing: Writing | null;
  if (local?.content != null && (queued || id.startsWith(LOCAL_ID_PREFIX))) writing = writingOfLocal(local);
  else {
    try {
      writing = await (early && (local?.id ?? id) === id
        ? early
        : getWriting({ client, id: local?.id ?? id }));
    } catch (error) {
      if (local?.content == null || !isNetworkError(error)) throw error;
      writing = writingOfLocal(local);
    }
    if (writing && store) await rememberServerWritings(store.database, userId, [writing]).catch(() => {});
  }
  const draft = state.drafts[id];
  if (!writing || !draft) return writing;
  return { ...writing, title: draft.title, preview: draft.preview, content: draft.content };
}

/**
 * Saves an edit of the editor. It is kept on this device first (so it survives a closed tab or a lost
 * connection), then synced. Answers the server's copy; throws the reason when it is not on the server
 * yet (it stays queued and syncs later). Without an offline store it goes to the server directly.
 */
export async function saveWritingEdit({
  id,
  title,
  content,
}: {
  id: string;
  title: string;
  content: Json;
}): Promise<Writing> {
  const { client, userId } = connection();
  const store = await offline;
  if (!store) return serverSave(client)({ id, title, content });
  const { database } = store;
  const kept = await localWriting(database, await resolveId(database, id));
  const item = state.items.find((row) => row.id === id);
  const now = new Date().toISOString();
  const { synced, failure } = await store.queue({
    op: 'update',
    id,
    payload: { title, content },
    writing: {
      user_id: kept?.user_id ?? userId,
      id,
      title,
      preview: state.drafts[id]?.preview ?? item?.preview ?? kept?.preview ?? '',
      content,
      category: item?.category ?? kept?.category ?? null,
      category_id: item?.category_id ?? kept?.category_id ?? null,
      created_at: item?.created_at ?? kept?.created_at ?? now,
      updated_at: now,
      base: kept?.base ?? item?.updated_at ?? null,
    },
  });
  const saved = await localWriting(database, await resolveId(database, id));
  if (!synced || !saved) throw failure?.cause ?? failure ?? new Error(messages.save.failed);
  return writingOfLocal(saved);
}

/** Listens to the syncs of queued writes (this tab's and the other tabs'). */
export function onWritingsSynced(listener: (event: SyncEvent) => void): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

/** A writing made offline got its server id: every reference to it follows. */
function renameLocalWriting(from: string, to: string): void {
  if (from === to) return;
  const rename = (id: string) => (id === from ? to : id);
  const { [from]: draft, ...drafts } = state.drafts;
  const renamed = state.items.some((item) => item.id === from);
  setState({
    items: renamed
      ? state.items
          .filter((item) => item.id !== to)
          .map((item) => (item.id === from ? { ...item, id: to } : item))
      : state.items,
    selectedWritingId: state.selectedWritingId === null ? null : rename(state.selectedWritingId),
    selectedIds: new Set([...state.selectedIds].map(rename)),
    anchorId: state.anchorId === null ? null : rename(state.anchorId),
    unsaved: new Set([...state.unsaved].map(rename)),
    drafts: draft ? { ...drafts, [to]: draft } : state.drafts,
  });
}

/** Follows a sync: ids, saved marks, and what the writer must know about a conflict. */
function applySyncEvent(event: SyncEvent): void {
  if (event.type === 'created') renameLocalWriting(event.id, event.writing.id);
  if (event.type === 'created' || event.type === 'saved' || event.type === 'conflict') {
    const { id, content } = event.writing;
    const draft = state.drafts[id];
    // Saved unless the draft has moved on since (then it stays unsaved and is saved next).
    markSaved(id, event.writing, draft && sameJson(draft.content, content) ? draft.content : content);
  }
  if (event.type === 'conflict') {
    setState({ notice: syncConflictText({ title: event.writing.title, copy: event.copy.title }) });
    scheduleRefetch();
  }
  if (event.type === 'copied') {
    setState({ notice: syncKeptAsCopyText({ copy: event.copy.title }) });
    scheduleRefetch();
  }
  for (const listener of syncListeners) listener(event);
}

/**
 * Creates a writing in the selected folder, puts it first in the list and opens it. A read-only folder
 * or a failure is told through the notice; the answer is then `null`.
 */
export async function createAndSelect(): Promise<Writing | null> {
  const { client, userId } = connection();
  const folder = selectedFolder();
  try {
    let writing: Writing;
    try {
      writing = await createWriting({ client, userId, folder });
    } catch (error) {
      const store = await offline;
      if (!store || !isNetworkError(error)) throw error;
      writing = await createLocally(store, userId, folder);
    }
    const { content: _content, ...summary } = writing;
    setState({
      items: [summary, ...state.items.filter((item) => item.id !== writing.id)].sort(compareNewestFirst),
    });
    selectWriting(writing.id);
    return writing;
  } catch (error) {
    say(error, messages.save.failed);
    return null;
  }
}

/** A writing made without a connection: a `local_` id, kept on this device and queued for the server. */
async function createLocally(store: OfflineStore, userId: string, folder: Folder | null): Promise<Writing> {
  const id = newLocalId();
  const now = new Date().toISOString();
  const content = createWritingDocument() as unknown as Json;
  const title = messages.writings.untitled;
  const writing: LocalWriting = {
    id,
    user_id: userId,
    title,
    preview: '',
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

/** Deletes a writing, drops it from the list and, when it was open, opens its neighbour. */
export async function removeWriting(id: string): Promise<void> {
  const { client } = connection();
  const store = await offline;
  // Queued, it is deleted on the server now or when the connection returns.
  if (store) await store.queue({ op: 'delete', id });
  else await deleteWriting({ client, id });
  const index = state.items.findIndex((item) => item.id === id);
  const items = state.items.filter((item) => item.id !== id);
  const unsaved = new Set(state.unsaved);
  unsaved.delete(id);
  const { [id]: _removed, ...drafts } = state.drafts;
  const selectedIds = new Set(state.selectedIds);
  selectedIds.delete(id);
  setState({ items, unsaved, drafts, selectedIds });
  if (state.selectedWritingId === id) {
    const neighbour = items[Math.min(index, items.length - 1)];
    setState({ selectedWritingId: neighbour?.id ?? null });
  }
}

/**
 * Renames a writing from the list; a blank name is ignored. The title lives in the writing's first
 * heading (every save derives it from there), so the heading is what changes: in the open editor when it
 * shows the writing, else in the stored document, saved like an edit (kept on this device and queued, so
 * it holds offline too). A failure is told as a save failure is.
 */
export async function renameWritingTo(id: string, title: string): Promise<void> {
  const name = nonBlank(title);
  if (name === null || retitleOpenWriting(id, name)) return;
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
  const preview = state.items.find((item) => item.id === id)?.preview ?? '';
  applyLocalEdit(id, { title: name, preview, content });
  try {
    markSaved(id, await saveWritingEdit({ id, title: name, content }), content);
  } catch (error) {
    // Kept on this device and queued unless the message says otherwise; the unsaved mark stays.
    console.warn(`The rename of writing ${id} is not on the server yet`, asError(error));
    markUnsaved(id);
    setState({ notice: saveErrorMessage(error) });
  }
}

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
      state.selectedFolderId === null || row.category_id === state.selectedFolderId;
    const items = state.items
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
  const existing = findFolderByName(state.folders, validated.value);
  const folder = existing ?? (await addFolder(validated.value));
  return folder ? moveWritingsToFolder(ids, folder) : false;
}

/** Creates a folder ('Category name is required' when blank). Answers the folder, or `null`. */
export async function addFolder(name: string): Promise<Folder | null> {
  const validated = validateCategoryName(name);
  if (!validated.ok) {
    setState({ notice: validated.error });
    return null;
  }
  const { client, userId } = connection();
  try {
    const folder = await createFolder({ client, userId, name: validated.value });
    setState({
      folders: [...state.folders, folder].sort((left, right) => left.name.localeCompare(right.name)),
    });
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
      folders: state.folders.map((folder) =>
        folder.id === id ? { ...folder, name: validated.value } : folder,
      ),
      items: state.items.map((item) =>
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
  if (state.selectedFolderId === id) await selectFolder(null);
  // It is left; a list that cannot be read now is read again when the list is live again.
  await refreshFolders().catch((error: unknown) => {
    foldersMissing = true;
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
      folders: state.folders.filter((folder) => folder.id !== id),
      items: state.items.map((item) =>
        item.category_id === id ? { ...item, category: null, category_id: null } : item,
      ),
    });
    if (state.selectedFolderId === id) await selectFolder(null);
    return true;
  } catch (error) {
    say(error, messages.categories.notFound);
    return false;
  }
}
