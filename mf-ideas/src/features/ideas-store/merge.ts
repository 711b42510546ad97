import { compareNewestFirst, type Idea } from '../ideas-data/index.ts';

/**
 * Merges a refetch of the list's first `requested` rows into the list shown. The server's rows win,
 * except those in `keep` (ideas being edited, or with unsaved edits), which stay as they are even when
 * the server no longer returns them. Rows older than the refetched window are kept as loaded.
 */
export function mergeRefetched({
  current,
  fetched,
  requested,
  keep,
}: {
  current: readonly Idea[];
  fetched: readonly Idea[];
  requested: number;
  keep: ReadonlySet<string>;
}): Idea[] {
  const merged = new Map<string, Idea>();
  for (const row of fetched) merged.set(row.id, row);
  const oldestFetched = fetched.at(-1);
  const windowFull = fetched.length >= requested && oldestFetched !== undefined;
  for (const row of current) {
    const beyondWindow = windowFull && compareNewestFirst(row, oldestFetched) > 0;
    if (keep.has(row.id) || (beyondWindow && !merged.has(row.id))) merged.set(row.id, row);
  }
  return [...merged.values()].sort(compareNewestFirst);
}

/** The list with `idea` in place of its old row (or added), newest first. */
export function upsertIdea(items: readonly Idea[], idea: Idea): Idea[] {
  return [idea, ...items.filter((item) => item.id !== idea.id)].sort(compareNewestFirst);
}
