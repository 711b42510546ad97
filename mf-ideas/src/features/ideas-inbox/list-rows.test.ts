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
});
