import { format, isSameDay, isSameMonth, isSameWeek, isSameYear, subDays, subWeeks } from 'date-fns';
import { messages } from './messages.ts';

const labels = messages.ideas.dateGroups;

/**
 * The date group an idea is listed under: Today, Yesterday, Earlier this week, Last week, Earlier this
 * month, then the month's name ("March"), with the year when it is not the current year ("March 2024").
 * Weeks start on Sunday (date-fns' default, matching the English labels). Dates are compared in local time.
 */
export function dateGroupLabel(date: Date, now: Date): string {
  // A server clock running ahead must not put a fresh idea under a later month.
  const day = date > now ? now : date;
  if (isSameDay(day, now)) return labels.today;
  if (isSameDay(day, subDays(now, 1))) return labels.yesterday;
  if (isSameWeek(day, now)) return labels.earlierThisWeek;
  if (isSameWeek(day, subWeeks(now, 1))) return labels.lastWeek;
  if (isSameMonth(day, now)) return labels.earlierThisMonth;
  return format(day, isSameYear(day, now) ? 'MMMM' : 'MMMM yyyy');
}

/** A run of items sharing one date group label. */
export type DateGroup<Item> = { readonly label: string; readonly items: readonly Item[] };

/**
 * Splits a list (already sorted newest first) into consecutive date groups, keeping the list's order.
 */
export function groupByDate<Item>(
  items: readonly Item[],
  dateOf: (item: Item) => Date,
  now: Date,
): DateGroup<Item>[] {
  const groups: { label: string; items: Item[] }[] = [];
  for (const item of items) {
    const label = dateGroupLabel(dateOf(item), now);
    const last = groups.at(-1);
    if (last?.label === label) last.items.push(item);
    else groups.push({ label, items: [item] });
  }
  return groups;
}

/**
 * The date group of a time (ISO string) relative to `now`, remembered per time: a list is rebuilt on
 * every page appended, and computing 10,000 labels afresh each time made scrolling through pages drop
 * frames (measured in tests/perf/writings-list.bench.ts).
 */
export function dateGroupLabeler(now: Date): (time: string) => string {
  const labels = new Map<string, string>();
  return (time) => {
    let label = labels.get(time);
    if (label === undefined) {
      label = dateGroupLabel(new Date(time), now);
      labels.set(time, label);
    }
    return label;
  };
}
