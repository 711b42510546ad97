import { mergeRefetched as mergeRows } from 'shared-kernel';
import type { WritingSummary } from '../writings-data/index.ts';

/** Newest first; the id breaks ties the same way the server does. */
export function compareNewestFirst(left: WritingSummary, right: WritingSummary): number {
  if (left.created_at !== right.created_at) return left.created_at < right.created_at ? 1 : -1;
  return left.id < right.id ? 1 : left.id > right.id ? -1 : 0;
}

/**
 * Merges a refetch of the list's first `requested` rows into the list shown (the kernel's mergeRefetched,
 * newest first): the server's rows win, except those in `keep` (writings with unsaved local edits).
 */
export function mergeRefetched(options: {
  current: readonly WritingSummary[];
  fetched: readonly WritingSummary[];
  requested: number;
  keep: ReadonlySet<string>;
}): WritingSummary[] {
  return mergeRows({ ...options, compare: compareNewestFirst });
}
