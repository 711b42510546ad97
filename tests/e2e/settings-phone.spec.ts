import type { Locator, Page } from '@playwright/test';
import { createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

// The settings and pricing dialogs on a phone: every control within the dialog's width, every tab in reach.

const TABS = ['Account', 'Plans', 'Appearance', 'Editor', 'Workspace', 'Notifications', 'Advanced'];

/**
 * What inside `dialog` pokes out of its sides or scrolls sideways, or (its header and body) out of its
 * bottom, as "<tag.class> …" lines. Laid-out boxes only (the hidden tabs' panels have none); text
 * fields scroll their own text, not counted.
 */
function overflowIn(dialog: Locator): Promise<string[]> {
  return dialog.evaluate((frame) => {
    const edge = frame.getBoundingClientRect();
    const found: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()}.${element.className}`;
    for (const element of [frame, ...frame.querySelectorAll('*')]) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5) {
        found.push(`${name(element)} ${Math.round(box.left)}..${Math.round(box.right)}`);
      }
      if (element.parentElement === frame && box.bottom > edge.bottom + 0.5) {
        found.push(
          `${name(element)} below the dialog ${Math.round(box.bottom)} > ${Math.round(edge.bottom)}`,
        );
      }
      const sideways = getComputedStyle(element).overflowX;
      const scrolls = sideways === 'auto' || sideways === 'scroll';
      const isField = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
      if (scrolls && !isField && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} scrolls sideways ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return found;
  });
}

/** The dialog fits the screen and nothing in it is wider than it. */
async function expectFits(page: Page, dialog: Locator, label: string) {
  const box = await dialog.boundingBox();
  const screen = page.viewportSize();
  if (!box || !screen) throw new Error('not laid out');
  expect(box.x, label).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, label).toBeLessThanOrEqual(screen.width);
  expect(await overflowIn(dialog), label).toEqual([]);
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 320, height: 640 },
]) {
  test.describe(`on a ${viewport.width}×${viewport.height} phone`, () => {
    test.use({ viewport, isMobile: true, hasTouch: true });

    test('every settings tab is in reach and fits the dialog’s width', async ({ page, workspace }) => {
      await workspace.open();
      const dialog = await workspace.openSettings();
      const list = dialog.getByRole('tablist');
      const listBox = await list.boundingBox();
      if (!listBox) throw new Error('no tab list');
      // Every tab shows within the tab list without scrolling it sideways.
      for (const tab of TABS) {
        const box = await dialog.getByRole('tab', { name: tab }).boundingBox();
        expect(box, tab).not.toBeNull();
        expect(box?.x ?? -1, tab).toBeGreaterThanOrEqual(listBox.x - 0.5);
        expect((box?.x ?? 0) + (box?.width ?? 0), tab).toBeLessThanOrEqual(listBox.x + listBox.width + 0.5);
      }
      for (const tab of TABS) {
        await dialog.getByRole('tab', { name: tab }).tap();
        const panel = dialog.getByRole('tabpanel', { name: tab });
        await expect(panel.getByRole('heading', { name: tab, exact: true })).toBeInViewport();
        // The Plans tab's list arrives from the backend; the other tabs show at once.
        if (tab === 'Plans') await expect(panel.getByRole('listitem', { name: 'Pro' })).toBeVisible();
        await expectFits(page, dialog, tab);
      }
    });
  });
}

test('the pricing dialog fits a 320×640 phone, its plans scrolling within it', async ({ page }) => {
  await signInBeforeLoad(page, await createAccount('pricing-phone', { plan: 'FREE' }));
  await page.goto('/workspace');
  // Export is a premium feature: a FREE writer's export opens the pricing dialog.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await editor.click();
  await page.keyboard.type('Pocket words');
  await editor.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Download as Markdown' }).click();
  const pricing = page.getByRole('dialog', { name: 'Premium Feature' });
  await expect(pricing.getByRole('listitem', { name: 'Pro' })).toBeVisible();
  // Opened on a wide page (a phone shows the list or the editor, not both), then narrowed to a phone's.
  await page.setViewportSize({ width: 320, height: 640 });
  await expectFits(page, pricing, 'pricing');
});
