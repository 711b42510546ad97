import { describe, expect, it } from 'vitest';
import type { WritingSummary } from '../writings-store/index.ts';
import { dateSectionLabeler, listRows } from './list-rows.ts';

const writing = (id: string, createdAt: string): WritingSummary => ({
  id,
  title: id,
  preview: '',
  category: null,
  category_id: null,
  created_at: createdAt,
  updated_at: createdAt,
});

describe('listRows', () => {
  it('puts a date section header before each run of writings of the same section', () => {
    const now = new Date(2026, 10, 20, 12); // a Friday
    const rows = listRows(
      [
        writing('a', new Date(2026, 10, 20, 9).toISOString()),
        writing('b', new Date(2026, 10, 20, 8).toISOString()),
        writing('c', new Date(2026, 10, 19, 8).toISOString()),
        writing('d', new Date(2026, 9, 3).toISOString()),
        writing('e', new Date(2025, 2, 3).toISOString()),
      ],
      dateSectionLabeler(now),
    );
    expect(rows.map((row) => (row.kind === 'header' ? `# ${row.label}` : row.writing.id))).toEqual([
      '# Today',
      'a',
      'b',
      '# Yesterday',
      'c',
      '# October',
      'd',
      '# March 2025',
      'e',
    ]);
    expect(rows.filter((row) => row.kind === 'writing').map((row) => row.index)).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives no rows for no writings', () => {
    expect(listRows([], dateSectionLabeler(new Date()))).toEqual([]);
  });
});
