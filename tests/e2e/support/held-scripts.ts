// Holding back what a page asks for (a script, a table's requests) until the test lets it through.
import type { Page, Route } from '@playwright/test';

/**
 * Holds back every script of the page whose text contains `marker` (an area's chunk loaded after the
 * first screen) until the answer is called: what a writer does before that code arrives can be tested.
 */
export async function holdScriptsContaining(page: Page, marker: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(marker)) await released;
      await route.fulfill({ response, body });
    } catch {
      // The page closed while a script was on its way (the test is over).
    }
  });
  return release;
}

/**
 * Holds the page's requests of `method` to a table of the backend until `release` is called (a reload
 * while one is held drops it). `asked` tells whether one was made.
 */
export async function holdTableRequests(page: Page, table: string, method: 'GET' | 'PATCH') {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = { asked: false, release: () => release() };
  await page.route(`**/rest/v1/${table}*`, async (route) => {
    if (route.request().method() === method) {
      held.asked = true;
      await released;
    }
    await route.fallback().catch(() => {}); // the page reloaded while it was held
  });
  return held;
}
