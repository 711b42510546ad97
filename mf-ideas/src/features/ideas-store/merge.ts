import { mergeRefetched as mergeRows } from 'shared-kernel';
import { compareNewestFirst, type Idea } from '../ideas-data/index.ts';

/** Merges a refetch into the list shown, newest change first (the kernel's mergeRefetched). */
export function mergeRefetched(options: {
  current: readonly Idea[];
  fetched: readonly Idea[];
  requested: number;
  keep: ReadonlySet<string>;
}): Idea[] {
  return mergeRows({ ...options, compare: compareNewestFirst });
}

/** The list with `idea` in place of its old row (or added), newest first. */
export function upsertIdea(items: readonly Idea[], idea: Idea): Idea[] {
  return [idea, ...items.filter((item) => item.id !== idea.id)].sort(compareNewestFirst);
}
