import { describe, expect, it } from 'vitest';
import type { Idea } from '../ideas-data/index.ts';
import { mergeRefetched } from './merge.ts';
import { clickSelection, pruneSelection } from './selection.ts';

const idea = (id: string, updatedAt = '2026-01-01T00:00:00Z'): Idea => ({
  id,
  user_id: 'u',
  content: id,
  category_id: null,
  created_at: updatedAt,
  updated_at: updatedAt,
});
const items = ['a', 'b', 'c', 'd'].map((id) => idea(id));
const none = { items, selectedIds: new Set<string>(), anchorId: null, expandedId: null };

describe('selecting ideas', () => {
  it('expands and selects one idea on a click, and collapses it on a second click', () => {
    const first = clickSelection(none, 'b');
    expect([...first.selectedIds]).toEqual(['b']);
    expect(first.expandedId).toBe('b');
    const second = clickSelection({ ...none, ...first }, 'b');
    expect(second.expandedId).toBeNull();
    expect([...second.selectedIds]).toEqual(['b']);
  });

  it('selects the range from the anchor on Shift-click, in either direction', () => {
    const anchored = { ...none, ...clickSelection(none, 'c') };
    expect([...clickSelection(anchored, 'a', { range: true }).selectedIds]).toEqual(['a', 'b', 'c']);
    expect([...clickSelection(anchored, 'd', { range: true }).selectedIds]).toEqual(['c', 'd']);
  });

  it('toggles one idea on Cmd/Ctrl-click, keeping the others', () => {
    const one = { ...none, ...clickSelection(none, 'a') };
    const two = { ...one, ...clickSelection(one, 'c', { toggle: true }) };
    expect([...two.selectedIds].sort()).toEqual(['a', 'c']);
    expect([...clickSelection(two, 'a', { toggle: true }).selectedIds]).toEqual(['c']);
  });

  it('drops ideas that left the list from the selection', () => {
    const state = { ...none, selectedIds: new Set(['a', 'b']), anchorId: 'b', expandedId: 'b' };
    expect(pruneSelection(state, new Set(['a']))).toEqual({
      selectedIds: new Set(['a']),
      anchorId: null,
      expandedId: null,
    });
  });
});

describe('merging a refetch', () => {
  it('takes the server’s rows but keeps an idea being edited as it is', () => {
    const current = [{ ...idea('a', '2026-01-02T00:00:00Z'), content: 'local edit' }, idea('b')];
    const fetched = [
      { ...idea('a', '2026-01-03T00:00:00Z'), content: 'server' },
      { ...idea('b'), content: 'new b' },
    ];
    const merged = mergeRefetched({ current, fetched, requested: 20, keep: new Set(['a']) });
    expect(merged.map((row) => row.content)).toEqual(['local edit', 'new b']);
  });
});
