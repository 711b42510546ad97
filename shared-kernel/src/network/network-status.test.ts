import { describe, expect, it } from 'vitest';
import { isOnline, online$ } from './network-status.ts';

describe('network status', () => {
  it('follows the browser going offline and back online, once per change', () => {
    const seen: boolean[] = [];
    const subscription = online$.subscribe((online) => seen.push(online));

    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('offline'));
    expect(isOnline()).toBe(false);
    window.dispatchEvent(new Event('online'));

    expect(seen).toEqual([true, false, true]);
    subscription.unsubscribe();
  });
});
