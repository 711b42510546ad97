import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventBus } from './event-bus.ts';
import { afterFirstScreen, FIRST_SCREEN_WAIT_MS, markFirstScreen } from './first-screen.ts';

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the first screen, then loads once the page is idle', () => {
    const bus = createEventBus();
    const load = vi.fn();
    afterFirstScreen(bus, load);
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 100);
    expect(load).not.toHaveBeenCalled();
    markFirstScreen(bus);
    vi.runOnlyPendingTimers();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once for every caller that asks after the first screen was marked', () => {
    const bus = createEventBus();
    markFirstScreen(bus);
    const [first, second] = [vi.fn(), vi.fn()];
    afterFirstScreen(bus, first);
    afterFirstScreen(bus, second);
    vi.advanceTimersByTime(10);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('loads anyway when the first screen never comes, and not when cancelled', () => {
    const bus = createEventBus();
    const [load, cancelled] = [vi.fn(), vi.fn()];
    afterFirstScreen(bus, load);
    afterFirstScreen(bus, cancelled)();
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS + 10);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
