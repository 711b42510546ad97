// The list's pages: the first (with the first writings fetched whole beside it), the next, and a refetch that merges.
import { isOfflineFailure, markLoadStep, type WorkspaceClient, WRITINGS_PAGE_SIZE } from 'shared-kernel';
import {
  type LocalWriting,
  listLocalWritings,
  localWriting,
  pendingIds,
  rememberServerWritings,
  summaryOfLocal,
} from '../offline-store/index.ts';
import {
  type ListPageRequest,
  listFirstWritings,
  listWritings,
  type WritingSummary,
} from '../writings-data/index.ts';
import { compareNewestFirst, mergeRefetched } from './merge.ts';
import { subscribeToChanges } from './realtime-refetch.ts';
import { connection, LISTED_COPIES, runtime, setState } from './store-state.ts';

/**
 * A page of the list. From the server, kept on this device for reading offline, with this device's
 * unsynced writes laid over it (edited rows replaced, deleted ones dropped, writings made offline first
 * on the first page). When the server cannot be reached: the local copies, newest change first.
 */
export async function readPage({
  client,
  userId,
  folderId,
  offset,
  limit,
}: ListPageRequest): Promise<WritingSummary[]> {
  // The request and the opening of the device's store go together: the list is on the way to first paint.
  const request = listWritings({ client, userId, folderId, offset, limit });
  request.catch(() => {}); // answered below, once the store is open
  const store = await runtime.offline;
  let page: WritingSummary[];
  try {
    page = await request;
  } catch (error) {
    if (!store || !isOfflineFailure(error)) throw error;
    return (await listLocalWritings(store.database, { userId, folderId, offset, limit })).map(summaryOfLocal);
  }
  if (!store) return page;
  const { database } = store;
  // Kept for reading offline; the list need not wait for it.
  void rememberServerWritings(database, userId, page).catch(() => {});
  const pending = await pendingIds(database);
  if (pending.size === 0) return page;
  const inList = (writing: LocalWriting | undefined): writing is LocalWriting =>
    writing !== undefined &&
    (folderId === null ? writing.user_id === userId : writing.category_id === folderId);
  const rows = await Promise.all(
    page.map(async (row) => {
      if (!pending.has(row.id)) return row;
      // Its local copy is shown; moved to another folder here, it has left this folder's list.
      const local = await localWriting(database, row.id);
      return inList(local) ? summaryOfLocal(local) : null;
    }),
  );
  const shown = rows.filter((row) => row !== null);
  if (offset > 0) return shown;
  // Writings made here, and writings moved into this folder here, that the server does not list yet;
  // only those within this page, so the next page still starts after the server's last row.
  const onServer = new Set(page.map((row) => row.id));
  const joining = await Promise.all(
    [...pending].filter((id) => !onServer.has(id)).map((id) => localWriting(database, id)),
  );
  const oldest = page.length >= limit ? page.at(-1) : undefined;
  const fits = (writing: WritingSummary) => !oldest || compareNewestFirst(writing, oldest) <= 0;
  const joined = joining.filter(inList).map(summaryOfLocal).filter(fits);
  return [...joined, ...shown].sort(compareNewestFirst);
}

/**
 * Fetches the first writings of the list whole, beside the list's own request, so the one that opens on
 * load (the first) and its neighbour need no request of their own once the list is in.
 */
export function fetchFirstWritings(client: WorkspaceClient, userId: string, folderId: string | null): void {
  runtime.listedCopies = listFirstWritings({ client, userId, folderId, limit: LISTED_COPIES }).then(
    (writings) => {
      const at = Date.now();
      return new Map(writings.map((writing) => [writing.id, { writing, at }]));
    },
    () => new Map(), // each opens with its own request instead
  );
}

/** Loads the first page of the selected folder's list (or the user's own writings) and resubscribes. */
export async function loadFirstPage(): Promise<void> {
  const { client, userId } = connection();
  runtime.generation += 1;
  const started = runtime.generation;
  subscribeToChanges();
  setState({ status: 'loading', items: [], hasMore: false });
  if (runtime.state.selectedWritingId === null)
    fetchFirstWritings(client, userId, runtime.state.selectedFolderId);
  try {
    const items = await readPage({
      client,
      userId,
      folderId: runtime.state.selectedFolderId,
      offset: 0,
      limit: WRITINGS_PAGE_SIZE,
    });
    if (started !== runtime.generation) return;
    markLoadStep('writings-list');
    // A writing made meanwhile (New pressed as the workspace opens) is in the list already, and the page,
    // read before it was made, may not have it: it stays.
    const listed = new Set(items.map((item) => item.id));
    const madeMeanwhile = runtime.state.items.filter((item) => !listed.has(item.id));
    setState({
      items: [...madeMeanwhile, ...items].sort(compareNewestFirst),
      status: 'ready',
      hasMore: items.length === WRITINGS_PAGE_SIZE,
    });
  } catch {
    if (started === runtime.generation) setState({ status: 'error' });
  }
}

/** Loads the next 20 writings unless a page is loading or the end was reached. */
export async function loadMore(): Promise<void> {
  if (runtime.state.status !== 'ready' || !runtime.state.hasMore) return;
  const { client, userId } = connection();
  const started = runtime.generation;
  setState({ status: 'loading-more' });
  try {
    const page = await readPage({
      client,
      userId,
      folderId: runtime.state.selectedFolderId,
      offset: runtime.state.items.length,
      limit: WRITINGS_PAGE_SIZE,
    });
    if (started !== runtime.generation) return;
    const known = new Set(runtime.state.items.map((item) => item.id));
    setState({
      items: [...runtime.state.items, ...page.filter((item) => !known.has(item.id))],
      status: 'ready',
      hasMore: page.length === WRITINGS_PAGE_SIZE,
    });
  } catch {
    if (started === runtime.generation) setState({ status: 'ready' });
  }
}

/**
 * Refetches the loaded part of the list and merges it, keeping writings with unsaved edits as they are
 * (a newer version of one is noted in `runtime.newerElsewhere`).
 */
export async function refetchAndMerge(): Promise<void> {
  const { client, userId } = connection();
  const started = runtime.generation;
  const requested = Math.max(runtime.state.items.length, WRITINGS_PAGE_SIZE);
  const fetched = await readPage({
    client,
    userId,
    folderId: runtime.state.selectedFolderId,
    offset: 0,
    limit: requested,
  });
  if (started !== runtime.generation) return;
  const { items: shown, unsaved } = runtime.state;
  for (const row of fetched) {
    const listed = unsaved.has(row.id) ? shown.find((item) => item.id === row.id) : undefined;
    if (listed && row.updated_at > listed.updated_at) runtime.newerElsewhere.set(row.id, row.updated_at);
  }
  const items = mergeRefetched({
    current: runtime.state.items,
    fetched,
    requested,
    keep: runtime.state.unsaved,
  });
  setState({ items, hasMore: runtime.state.hasMore || fetched.length === requested });
}
