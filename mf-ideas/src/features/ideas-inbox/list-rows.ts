import { ideaPreview, ideaTitle } from 'shared-kernel';
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

/** The list (newest change first) as rows, with a header before each run of ideas in one date group. */
export function listRows(items: readonly Idea[], labelOf: (time: string) => string): ListRow[] {
  const rows: ListRow[] = [];
  let previous: string | null = null;
  items.forEach((idea, index) => {
    const label = labelOf(idea.updated_at);
    if (label !== previous) rows.push({ kind: 'header', key: `header:${label}:${index}`, label });
    previous = label;
    const titleOnly = ideaPreview(idea.content) === ideaTitle(idea.content);
    rows.push({ kind: 'idea', key: idea.id, idea, titleOnly });
  });
  return rows;
}
