import { dateGroupLabeler } from 'shared-kernel';
import type { WritingSummary } from '../writings-store/index.ts';

/** One row of the virtualized list: a date section header or a writing. */
export type ListRow =
  | { readonly kind: 'header'; readonly key: string; readonly label: string }
  | {
      readonly kind: 'writing';
      readonly key: string;
      readonly writing: WritingSummary;
      readonly index: number;
    };

/** Pixel heights of the rows: fixed, so the virtualizer never measures (smooth at 10,000 rows). */
export const ROW_HEIGHT = { header: 30, writing: 58 } as const;

/** The same in compact mode (Workspace settings): a title line without the preview. */
export const COMPACT_ROW_HEIGHT = { header: 26, writing: 34 } as const;

/** The date section of a creation time relative to `now`, remembered per time (the kernel's labeler). */
export const dateSectionLabeler: (now: Date) => (createdAt: string) => string = dateGroupLabeler;

/**
 * The list (newest first) as rows, with a header before each run of writings sharing a date section
 * (Today, Yesterday, ..., month names). `index` is the writing's position in the list.
 */
export function listRows(
  items: readonly WritingSummary[],
  labelOf: (createdAt: string) => string,
): ListRow[] {
  const rows: ListRow[] = [];
  let previous: string | null = null;
  items.forEach((writing, index) => {
    const label = labelOf(writing.created_at);
    if (label !== previous) rows.push({ kind: 'header', key: `header:${label}:${index}`, label });
    previous = label;
    rows.push({ kind: 'writing', key: writing.id, writing, index });
  });
  return rows;
}
