import {
  COPY_FRESH_FOR_MS,
  getWritingsState,
  isCurrentCopy,
  loadWriting,
  type Writing,
} from '../../writings-store/index.ts';

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
    if (cached && Date.now() - cached.at < COPY_FRESH_FOR_MS) continue;
    prefetched.set(neighbour, { writing: loadWriting(neighbour).catch(() => null), at: Date.now() });
  }
}

/**
 * A writing with its content for the editor: the prefetched copy when current (see isCurrentCopy), else
 * fetched now; fetched again when a save finished after the copy was read. A local draft always wins, so
 * neither an unsaved edit nor a save still under way is ever replaced by an older copy.
 */
export async function takeWriting(id: string): Promise<Writing | null> {
  const cached = prefetched.get(id);
  prefetched.delete(id);
  const fromCache = cached && Date.now() - cached.at < COPY_FRESH_FOR_MS ? await cached.writing : null;
  let writing =
    fromCache && cached && isCurrentCopy(fromCache, cached.at) ? fromCache : await loadWriting(id);
  if (writing && !isCurrentCopy(writing, Date.now())) writing = await loadWriting(id);
  const draft = getWritingsState().drafts[id];
  return writing && draft
    ? { ...writing, title: draft.title, preview: draft.preview, content: draft.content }
    : writing;
}
