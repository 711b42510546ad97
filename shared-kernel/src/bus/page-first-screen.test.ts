import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createEventBus } from './event-bus.ts';
import { FIRST_SCREEN_WAIT_MS, markFirstScreen, pageFirstScreenShown } from './first-screen.ts';

// The page's first screen is marked once per page: these run in order, the first before it is marked.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('goes on after FIRST_SCREEN_WAIT_MS when the page marks no first screen (an area that failed)', async () => {
  const shown = vi.fn();
  void pageFirstScreenShown().then(shown);
  await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 10);
  expect(shown).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(20);
  expect(shown).toHaveBeenCalledTimes(1);
});

it('waits for the first screen of any area of the page, then answers at once', async () => {
  const waiting = vi.fn();
  void pageFirstScreenShown().then(waiting);
  await vi.advanceTimersByTimeAsync(100);
  expect(waiting).not.toHaveBeenCalled();
  markFirstScreen(createEventBus());
  await vi.advanceTimersByTimeAsync(0);
  expect(waiting).toHaveBeenCalledTimes(1);

  const later = vi.fn();
  void pageFirstScreenShown().then(later);
  await vi.advanceTimersByTimeAsync(0);
  expect(later).toHaveBeenCalledTimes(1);
});
