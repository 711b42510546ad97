// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTO_SAVE_INTERVAL_SECONDS, authCheckBackoffMs, CHAT_CACHE_BUDGET_BYTES } from './constants.ts';

describe('business constants', () => {
  it('backs the auth check off by 1 s, doubling, capped at 5 s', () => {
    expect([1, 2, 3, 4, 5].map(authCheckBackoffMs)).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('offers auto-save intervals from 5 to 120 s that the default sits on', () => {
    const { min, max, step, default: initial } = AUTO_SAVE_INTERVAL_SECONDS;
    expect((max - min) % step).toBe(0);
    expect((initial - min) % step).toBe(0);
    expect([min, max, step, initial]).toEqual([5, 120, 5, 30]);
  });

  it('budgets 5 MB for the local chat cache', () => {
    expect(CHAT_CACHE_BUDGET_BYTES).toBe(5_242_880);
  });
});
