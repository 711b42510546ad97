// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateGroupLabel, groupByDate } from './date-groups.ts';

// Local-time dates (months are 0-based), so the expectations hold in any time zone.
const at = (year: number, month: number, day: number, hour = 12) => new Date(year, month - 1, day, hour);

describe('date group labels', () => {
  const wednesday = at(2025, 1, 15, 10);

  it('groups within the current week from Today back to its Sunday', () => {
    expect(dateGroupLabel(at(2025, 1, 15, 0), wednesday)).toBe('Today');
    expect(dateGroupLabel(at(2025, 1, 14, 23), wednesday)).toBe('Yesterday');
    expect(dateGroupLabel(at(2025, 1, 13), wednesday)).toBe('Earlier this week');
    expect(dateGroupLabel(at(2025, 1, 12, 0), wednesday)).toBe('Earlier this week');
  });

  it('then the previous week, then the rest of the month, then month names', () => {
    expect(dateGroupLabel(at(2025, 1, 11, 23), wednesday)).toBe('Last week');
    expect(dateGroupLabel(at(2025, 1, 5, 0), wednesday)).toBe('Last week');
    expect(dateGroupLabel(at(2025, 1, 4), wednesday)).toBe('Earlier this month');
    expect(dateGroupLabel(at(2025, 1, 1, 0), wednesday)).toBe('Earlier this month');
    expect(dateGroupLabel(at(2024, 12, 31), wednesday)).toBe('December 2024');
  });

  it('keeps Yesterday and Last week across a month boundary', () => {
    const monday = at(2025, 3, 3);
    expect(dateGroupLabel(at(2025, 3, 2), monday)).toBe('Yesterday');
    expect(dateGroupLabel(at(2025, 3, 1), monday)).toBe('Last week');
    expect(dateGroupLabel(at(2025, 2, 23), monday)).toBe('Last week');
    expect(dateGroupLabel(at(2025, 2, 22), monday)).toBe('February');
  });

  it('keeps this week and last week across a year boundary, then names month and year', () => {
    const newYearsDay = at(2026, 1, 1);
    expect(dateGroupLabel(at(2025, 12, 31), newYearsDay)).toBe('Yesterday');
    expect(dateGroupLabel(at(2025, 12, 28), newYearsDay)).toBe('Earlier this week');
    expect(dateGroupLabel(at(2025, 12, 27), newYearsDay)).toBe('Last week');
    expect(dateGroupLabel(at(2025, 12, 20), newYearsDay)).toBe('December 2025');
    expect(dateGroupLabel(at(2025, 11, 30), newYearsDay)).toBe('November 2025');
  });

  it('names months of the current year without the year', () => {
    expect(dateGroupLabel(at(2025, 3, 10), at(2025, 6, 20))).toBe('March');
  });

  it('puts a date slightly in the future under Today', () => {
    expect(dateGroupLabel(at(2025, 1, 16), at(2025, 1, 15))).toBe('Today');
  });
});

describe('grouping a list by date', () => {
  it('keeps the list order and merges consecutive items of one group', () => {
    const now = at(2025, 1, 15, 18);
    const ideas = [
      { id: 'a', updatedAt: at(2025, 1, 15, 9) },
      { id: 'b', updatedAt: at(2025, 1, 15, 8) },
      { id: 'c', updatedAt: at(2025, 1, 14) },
      { id: 'd', updatedAt: at(2024, 11, 2) },
    ];
    const groups = groupByDate(ideas, (idea) => idea.updatedAt, now);
    expect(groups.map((group) => [group.label, group.items.map((idea) => idea.id)])).toEqual([
      ['Today', ['a', 'b']],
      ['Yesterday', ['c']],
      ['November 2024', ['d']],
    ]);
  });

  it('gives no groups for no items', () => {
    expect(groupByDate([], () => new Date(), new Date())).toEqual([]);
  });
});
