import type { Page } from '@playwright/test';

const FULL_KEY = 'e2e.device-full';

/**
 * Lets a test fill the device: once {@link fillDevice} is called, the browser refuses every write to the
 * page's IndexedDB stores with a QuotaExceededError, as Chromium does once the origin's quota is used up,
 * across reloads. (DevTools' quota override has no effect on IndexedDB in this Chromium.) Call before the
 * page loads.
 */
export async function allowFullDevice(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    for (const method of ['put', 'add'] as const) {
      const write = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<typeof write>) {
        if (localStorage.getItem(key)) throw new DOMException('Quota exceeded', 'QuotaExceededError');
        return write.apply(this, args);
      };
    }
  }, FULL_KEY);
}

/** The device has no room left from now on (see {@link allowFullDevice}). */
export async function fillDevice(page: Page): Promise<void> {
  await page.evaluate((key) => localStorage.setItem(key, 'yes'), FULL_KEY);
}
