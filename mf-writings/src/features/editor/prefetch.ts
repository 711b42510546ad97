import { getWritingsState, loadWriting, type Writing } from '../writings-store/index.ts';

/** After a writing opens, its neighbours in the list are fetched this much later. */
export const PREFETCH_DELAY_MS = 200;
// A prefetched copy older than this is fetched again: someone may have edited it meanwhile.
const FRESH_FOR_MS = 15_000;

const prefetched = new Map<string, { writing: Promise<Writing | null>; at: number }>();

/** The writings before and after `id` in the list. */
export function neighbourIds(items: readonly { id: string }[], id: string): string[] {
  const index = items.findIndex((item) => item.id === id);
  if (index === -1) return [];
  return [items[index - 1]?.id, items[index + 1]?.id].filter(
    (neighbour): neighbour is string => neighbour !== undefined,
  );
}

/** Fetches the neighbours of the open writing into a short-lived cache, so opening them is instant. */
export function prefetchNeighbours(id: string): void {
  for (const neighbour of neighbourIds(getWritingsState().items, id)) {
    const cached = prefetched.get(neighbour);
    if (cached && Date.now() - cached.at < FRESH_FOR_MS) continue;
    prefetched.set(neighbour, { writing: loadWriting(neighbour).catch(() => null), at: Date.now() });
  }
}

/** Whether the list already shows a newer save of the writing than `writing` (a save finished after it was fetched). */
function isStale(writing: Writing): boolean {
  const listed = getWritingsState().items.find((item) => item.id === writing.id);
  return listed !== undefined && listed.updated_at > writing.updated_at;
}

/**
 * A writing with its content for the editor: the prefetched copy when fresh, else fetched now; fetched
 * again when a save finished after the copy was read. A local draft always wins, so neither an unsaved
 * edit nor a save still under way is ever replaced by an older copy.
 */
export async function takeWriting(id: string): Promise<Writing | null> {
  const cached = prefetched.get(id);
  prefetched.delete(id);
  const fromCache = cached && Date.now() - cached.at < FRESH_FOR_MS ? await cached.writing : null;
  let writing = fromCache && !isStale(fromCache) ? fromCache : await loadWriting(id);
  if (writing && isStale(writing)) writing = await loadWriting(id);
  const draft = getWritingsState().drafts[id];
  return writing && draft
    ? { ...writing, title: draft.title, preview: draft.preview, content: draft.content }
    : writing;
}
