// The list's pages: the first (on category change), the next (near the bottom), and a refetch that merges.
import { IDEAS_PAGE_SIZE } from 'shared-kernel';
import { restoreExitDrafts } from './idea-actions.ts';
import { mergeRefetched } from './merge.ts';
import { subscribeToChanges } from './realtime.ts';
import { pruneSelection } from './selection.ts';
import { type IdeasRuntime, setState } from './store-state.ts';

function request(runtime: IdeasRuntime, offset: number, limit: number) {
  const { client, userId } = runtime;
  return { client, userId, categoryId: runtime.state.selectedCategoryId, offset, limit };
}

/** Loads the first page of the chosen category (or the user's own ideas) and resubscribes. */
export async function loadFirstPage(runtime: IdeasRuntime): Promise<void> {
  runtime.generation += 1;
  const started = runtime.generation;
  subscribeToChanges(runtime);
  setState(runtime, { status: 'loading', items: [], hasMore: false });
  try {
    const items = await runtime.writes.readPage(request(runtime, 0, IDEAS_PAGE_SIZE));
    if (started !== runtime.generation) return;
    setState(runtime, { items, status: 'ready', hasMore: items.length === IDEAS_PAGE_SIZE });
    restoreExitDrafts(runtime);
  } catch (error) {
    console.warn('The ideas could not be loaded', error);
    if (started === runtime.generation) setState(runtime, { status: 'error' });
  }
}

/** Loads the next 20 ideas unless a page is loading or the end was reached. */
export async function loadMore(runtime: IdeasRuntime): Promise<void> {
  if (runtime.state.status !== 'ready' || !runtime.state.hasMore) return;
  const started = runtime.generation;
  setState(runtime, { status: 'loading-more' });
  try {
    const last = runtime.state.items.at(-1);
    const page = await runtime.writes.readPage({
      ...request(runtime, runtime.state.items.length, IDEAS_PAGE_SIZE),
      ...(last ? { after: { updated_at: last.updated_at, id: last.id } } : {}),
    });
    if (started !== runtime.generation) return;
    const known = new Set(runtime.state.items.map((item) => item.id));
    setState(runtime, {
      items: [...runtime.state.items, ...page.filter((item) => !known.has(item.id))],
      status: 'ready',
      hasMore: page.length === IDEAS_PAGE_SIZE,
    });
    restoreExitDrafts(runtime);
  } catch {
    if (started === runtime.generation) setState(runtime, { status: 'ready' });
  }
}

/** Refetches the loaded part of the list and merges it, never overwriting the idea being edited. */
export async function refetchAndMerge(runtime: IdeasRuntime): Promise<void> {
  const started = runtime.generation;
  const requested = Math.max(runtime.state.items.length, IDEAS_PAGE_SIZE);
  const fetched = await runtime.writes.readPage(request(runtime, 0, requested));
  if (started !== runtime.generation) return;
  const keep = new Set(runtime.state.unsaved);
  // The idea open for editing stays listed as it is, unless a newer version was saved elsewhere: then,
  // with no unsaved words here, that version is shown in it (kept, the open idea showed the old text
  // until a reload, and the next edit made from it became a copy).
  const open = runtime.state.items.find((idea) => idea.id === runtime.state.expandedId);
  const newer = open && fetched.find((idea) => idea.id === open.id);
  if (open && !(newer && Date.parse(newer.updated_at) > Date.parse(open.updated_at))) keep.add(open.id);
  const items = mergeRefetched({ current: runtime.state.items, fetched, requested, keep });
  setState(runtime, {
    items,
    hasMore: runtime.state.hasMore || fetched.length === requested,
    ...pruneSelection(runtime.state, new Set(items.map((item) => item.id))),
  });
}
