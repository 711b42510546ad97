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
