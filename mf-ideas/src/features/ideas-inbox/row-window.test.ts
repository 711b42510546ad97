import { describe, expect, it } from 'vitest';
import { rowOffsets, rowsInView } from './row-window.ts';

describe('the window over rows of known heights', () => {
  const heights = [30, 62, 62, 170, 62, 30, 62];
  const offsets = rowOffsets(heights.length, (index) => heights[index] ?? 0);

  it('places each row after the ones before it, and ends at their sum', () => {
    expect([...offsets]).toEqual([0, 30, 92, 154, 324, 386, 416, 478]);
  });

  it('takes the rows that overlap the view, widened by the overscan and clamped to the list', () => {
    expect(rowsInView(offsets, 0, 100, 0)).toEqual({ start: 0, end: 3 });
    expect(rowsInView(offsets, 100, 100, 0)).toEqual({ start: 2, end: 4 });
    expect(rowsInView(offsets, 154, 1, 0)).toEqual({ start: 3, end: 4 });
    expect(rowsInView(offsets, 100, 100, 2)).toEqual({ start: 0, end: 6 });
    expect(rowsInView(offsets, 400, 600, 8)).toEqual({ start: 0, end: 7 });
    const none = rowOffsets(0, () => 10);
    expect(rowsInView(none, 0, 600, 8)).toEqual({ start: 0, end: 0 });
  });

  it('finds the first row in view among 10,000 at any scroll position', () => {
    const many = rowOffsets(10_000, () => 62);
    expect(rowsInView(many, 62 * 5_000 + 1, 620, 0)).toEqual({ start: 5_000, end: 5_011 });
  });
});
