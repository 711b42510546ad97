import { ideaTitleIsWhole } from 'shared-kernel';
import type { Idea } from '../ideas-store/index.ts';

/** One row of the virtualized list: a date group header or an idea. */
export type ListRow =
  | { readonly kind: 'header'; readonly key: string; readonly label: string }
  | {
      readonly kind: 'idea';
      readonly key: string;
      readonly idea: Idea;
      /** A short idea is its title whole: its row shows no preview, which would say it again. */
      readonly titleOnly: boolean;
    };

/** Pixel heights of the rows: fixed, so the virtualizer never measures (smooth at 10,000 rows). */
export const ROW_HEIGHT = { header: 30, idea: 62, titleOnly: 34, expanded: 170 } as const;

export { dateGroupLabeler } from 'shared-kernel';

/** Worked out once per idea (an edit makes a new object): the list is rebuilt on every capture. */
const titleOnlyOf = new WeakMap<Idea, boolean>();

function isTitleOnly(idea: Idea): boolean {
  let known = titleOnlyOf.get(idea);
  if (known === undefined) {
    known = ideaTitleIsWhole(idea.content);
    titleOnlyOf.set(idea, known);
  }
  return known;
}

/** The list (newest change first) as rows, with a header before each run of ideas in one date group. */
export function listRows(items: readonly Idea[], labelOf: (time: string) => string): ListRow[] {
  const rows: ListRow[] = [];
  let previous: string | null = null;
  items.forEach((idea, index) => {
    const label = labelOf(idea.updated_at);
    if (label !== previous) rows.push({ kind: 'header', key: `header:${label}:${index}`, label });
    previous = label;
    rows.push({ kind: 'idea', key: idea.id, idea, titleOnly: isTitleOnly(idea) });
  });
  return rows;
}
