import type { Locator, Page } from '@playwright/test';

/** A finger put on `target` and kept there; the answer moves it by `dy` px, in steps, then lifts it. */
export async function fingerOn(page: Page, target: Locator): Promise<(dy?: number) => Promise<void>> {
  await target.waitFor({ state: 'visible' });
  const box = await target.boundingBox();
  if (!box) throw new Error('not on screen');
  const finger = { x: box.x + Math.min(box.width / 2, 80), y: box.y + Math.min(box.height / 2, 16) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [finger] });
  return async (dy = 0) => {
    for (let step = 1; dy !== 0 && step <= 5; step += 1) {
      const touchPoints = [{ x: finger.x, y: finger.y + (dy * step) / 5 }];
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  };
}

/** A finger held still on `target` for 700 ms, then lifted (Playwright's `tap` lifts it at once). */
export async function hold(page: Page, target: Locator): Promise<void> {
  const lift = await fingerOn(page, target);
  await page.waitForTimeout(700);
  await lift();
}
