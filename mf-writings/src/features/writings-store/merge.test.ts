import { describe, expect, it } from 'vitest';
import type { WritingSummary } from '../writings-data/index.ts';
import { mergeRefetched } from './merge.ts';

describe('mergeRefetched', () => {
  const row = (id: string, minute: number, title = id): WritingSummary => ({
    id,
    title,
    preview: '',
    category: null,
    category_id: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString(),
    updated_at: '',
  });

  it('takes the server rows, keeps rows beyond the refetched window, and keeps unsaved rows as they are', () => {
    const current = [row('c', 3, 'local c'), row('b', 2), row('a', 1)];
    const fetched = [row('d', 4), row('c', 3, 'server c')];
    const merged = mergeRefetched({ current, fetched, requested: 2, keep: new Set(['c']) });
    expect(merged.map((item) => item.title)).toEqual(['d', 'local c', 'b', 'a']);
  });

  it('drops rows deleted on the server inside the window', () => {
    const current = [row('b', 2), row('a', 1)];
    expect(mergeRefetched({ current, fetched: [row('a', 1)], requested: 20, keep: new Set() })).toEqual([
      row('a', 1),
    ]);
  });
});
