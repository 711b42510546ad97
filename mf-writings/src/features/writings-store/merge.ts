import type { WritingSummary } from '../writings-data/index.ts';

/** Newest first; the id breaks ties the same way the server does. */
export function compareNewestFirst(left: WritingSummary, right: WritingSummary): number {
  if (left.created_at !== right.created_at) return left.created_at < right.created_at ? 1 : -1;
  return left.id < right.id ? 1 : left.id > right.id ? -1 : 0;
}

/**
 * Merges a refetch of the list's first `requested` rows into the list shown. The server's rows win,
 * except those in `keep` (writings with unsaved local edits), which stay as they are even when the
 * server no longer returns them. Rows older than the refetched window are kept as loaded.
 */
export function mergeRefetched({
  current,
  fetched,
  requested,
  keep,
}: {
  current: readonly WritingSummary[];
  fetched: readonly WritingSummary[];
  requested: number;
  keep: ReadonlySet<string>;
}): WritingSummary[] {
  const merged = new Map<string, WritingSummary>();
  for (const row of fetched) merged.set(row.id, row);
  const oldestFetched = fetched.at(-1);
  const windowFull = fetched.length >= requested && oldestFetched !== undefined;
  for (const row of current) {
    const beyondWindow = windowFull && compareNewestFirst(row, oldestFetched) > 0;
    if (keep.has(row.id) || (beyondWindow && !merged.has(row.id))) merged.set(row.id, row);
  }
  return [...merged.values()].sort(compareNewestFirst);
}
