import type { Locator } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

const TABS = ['Account', 'Plans', 'Appearance', 'Editor', 'Workspace', 'Notifications', 'Advanced'];

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box;
}

/** Chooses each tab in turn and answers the boxes of the dialog, the tab list and the open tab's panel. */
async function eachTab(
  dialog: Locator,
  check: (boxes: Record<'dialog' | 'list' | 'panel', DOMRect>) => void,
) {
  for (const tab of TABS) {
    await dialog.getByRole('tab', { name: tab }).click();
    const panel = dialog.getByRole('tabpanel', { name: tab });
    // The tab's heading shows at the top of the panel, not below the fold of the dialog.
    await expect(panel.getByRole('heading', { name: tab, exact: true })).toBeInViewport();
    await expect(dialog.getByRole('tabpanel')).toHaveCount(1);
    const boxes = {
      dialog: await boxOf(dialog),
      list: await boxOf(dialog.getByRole('tablist')),
      panel: await boxOf(panel),
    } as Record<'dialog' | 'list' | 'panel', DOMRect>;
    check(boxes);
    expect(boxes.panel.y + boxes.panel.height, tab).toBeLessThanOrEqual(
      boxes.dialog.y + boxes.dialog.height + 1,
    );
  }
}

test.describe('the settings dialog', () => {
  test('shows every tab beside the tab list, from the top, within the dialog', async ({ workspace }) => {
    await workspace.open();
    const dialog = await workspace.openSettings();
    await eachTab(dialog, ({ list, panel }) => {
      expect(Math.abs(panel.y - list.y)).toBeLessThan(2);
      expect(panel.x).toBeGreaterThanOrEqual(list.x + list.width - 1);
    });
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('shows the tabs in rows above every tab, the dialog’s width', async ({ workspace }) => {
      await workspace.open();
      const dialog = await workspace.openSettings();
      await eachTab(dialog, ({ dialog: frame, list, panel }) => {
        // Two rows of tabs at most (they wrap rather than scroll out of sight).
        expect(list.height).toBeLessThan(96);
        expect(panel.y).toBeGreaterThanOrEqual(list.y + list.height - 1);
        expect(panel.width).toBeGreaterThan(frame.width - 8);
      });
    });
  });
});
