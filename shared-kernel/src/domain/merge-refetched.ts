/**
 * Merges a refetch of a list's first `requested` rows into the list shown (realtime: refetch and merge).
 * The server's rows win, except those in `keep` (items with unsaved local edits, or being edited), which
 * stay as they are even when the server no longer returns them. Rows older than the refetched window
 * are kept as loaded. `compare` is the list's order (newest first).
 */
export function mergeRefetched<Item extends { readonly id: string }>({
  current,
  fetched,
  requested,
  keep,
  compare,
}: {
  current: readonly Item[];
  fetched: readonly Item[];
  requested: number;
  keep: ReadonlySet<string>;
  compare: (left: Item, right: Item) => number;
}): Item[] {
  const merged = new Map<string, Item>();
  for (const row of fetched) merged.set(row.id, row);
  const oldestFetched = fetched.at(-1);
  const windowFull = fetched.length >= requested && oldestFetched !== undefined;
  for (const row of current) {
    const beyondWindow = windowFull && compare(row, oldestFetched) > 0;
    if (keep.has(row.id) || (beyondWindow && !merged.has(row.id))) merged.set(row.id, row);
  }
  return [...merged.values()].sort(compare);
}
