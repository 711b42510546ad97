import { describe, expect, it } from 'vitest';
import { dateGroupLabeler, listRows } from './list-rows.ts';

const at = (iso: string) => ({
  id: iso,
  user_id: 'u',
  content: iso,
  category_id: null,
  created_at: iso,
  updated_at: iso,
});

describe('the ideas list rows', () => {
  it('puts a date group header before each run of ideas, by their last change', () => {
    const now = new Date(2026, 10, 25, 12);
    const rows = listRows(
      [
        at(new Date(2026, 10, 25, 9).toISOString()),
        at(new Date(2026, 10, 24, 9).toISOString()),
        at(new Date(2025, 2, 1).toISOString()),
      ],
      dateGroupLabeler(now),
    );
    expect(
      rows.filter((row) => row.kind === 'header').map((row) => (row.kind === 'header' ? row.label : '')),
    ).toEqual(['Today', 'Yesterday', 'March 2025']);
    expect(rows).toHaveLength(6);
  });

  it('marks an idea its title says whole, so its row is a line shorter and shows no preview', () => {
    const idea = (content: string) => ({ ...at('2026-11-25T09:00:00.000Z'), id: content, content });
    const rows = listRows(
      [
        idea('Letters arrive only at low tide'),
        idea(`A storm that lasts a whole chapter, ${'slowly '.repeat(8)}`),
      ],
      () => 'Today',
    );
    expect(rows.map((row) => (row.kind === 'idea' ? row.titleOnly : 'header'))).toEqual([
      'header',
      true,
      false,
    ]);
  });
});
