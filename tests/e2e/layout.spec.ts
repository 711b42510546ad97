import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';

/** A slot's width as a percentage of the window, rounded. */
async function widthPercent(page: Page, slot: string): Promise<number> {
  return page
    .locator(`[data-slot="${slot}"]`)
    .evaluate((element) => Math.round((element.getBoundingClientRect().width / window.innerWidth) * 100));
}

/** The side panel slots in the order they appear, top to bottom, with the side they are on. */
async function sidePanels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ['ideas/IdeasPanel', 'chat/ChatPanel']
      .map((name) => ({
        name,
        box: document.querySelector(`[data-slot="${name}"]`)?.getBoundingClientRect(),
      }))
      .filter((panel) => panel.box && panel.box.width > 0)
      .sort((a, b) => (a.box?.left ?? 0) - (b.box?.left ?? 0) || (a.box?.top ?? 0) - (b.box?.top ?? 0))
      .map(
        (panel) =>
          `${panel.name.split('/')[0]}@${(panel.box?.left ?? 0) < window.innerWidth / 2 ? 'left' : 'right'}`,
      ),
  );
}

test.describe('the workspace layout', () => {
  test.beforeEach(async ({ workspace }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await workspace.expectMounted('chat/ChatPanel');
  });

  test('gives the editor 48 with both side areas, 76 with one, 100 in Zen', async ({ page }) => {
    expect(await widthPercent(page, 'writings/Editor')).toBe(48);

    await page.keyboard.press('Control+Alt+KeyI');
    await page.keyboard.press('Control+Alt+KeyC');
    await expect.poll(() => widthPercent(page, 'writings/Editor')).toBe(76);

    await page.keyboard.press('Control+Backslash');
    await expect.poll(() => widthPercent(page, 'writings/Editor')).toBe(100);
    await expect(page.locator('[data-slot="writings/Sidebar"]')).toBeHidden();

    await page.keyboard.press('Control+Backslash');
    await expect.poll(() => widthPercent(page, 'writings/Editor')).toBe(76);
    await expect(page.locator('[data-slot="writings/Sidebar"]')).toBeVisible();
  });

  test('keeps the Profile button clear of the panels: under the ideas docked left, and away in Zen', async ({
    page,
    workspace,
  }) => {
    const profile = page.getByRole('button', { name: 'Profile' });
    await page.keyboard.press('Control+Alt+Shift+KeyI');
    await expect.poll(() => sidePanels(page)).toEqual(['ideas@left', 'chat@right']);
    const capture = workspace
      .slot('ideas/IdeasPanel')
      .getByRole('textbox', { name: messages.ideas.composerPlaceholder });
    const [button, box] = [await profile.boundingBox(), await capture.boundingBox()];
    if (!button || !box) throw new Error('not laid out');
    expect(button.y).toBeGreaterThanOrEqual(box.y + box.height);

    // Zen shows the editor alone: the button would sit on the editor's footer.
    await page.keyboard.press('Control+Backslash');
    await expect(profile).toBeHidden();
    await page.keyboard.press('Control+Backslash');
    await expect(profile).toBeVisible();
  });

  test('toggles ideas and chat, swaps their order and docks ideas left, and remembers it after a reload', async ({
    page,
  }) => {
    expect(await sidePanels(page)).toEqual(['ideas@right', 'chat@right']);

    await page.keyboard.press('Control+Alt+KeyO');
    await expect.poll(() => sidePanels(page)).toEqual(['chat@right', 'ideas@right']);

    await page.keyboard.press('Control+Alt+Shift+KeyI');
    await expect.poll(() => sidePanels(page)).toEqual(['ideas@left', 'chat@right']);

    await page.keyboard.press('Control+Alt+KeyC');
    await expect.poll(() => sidePanels(page)).toEqual(['ideas@left']);

    await page.reload();
    await expect(page.locator('[data-slot="ideas/IdeasPanel"]')).toHaveAttribute('data-status', 'ready');
    await expect.poll(() => sidePanels(page)).toEqual(['ideas@left']);
  });

  test('reorders the panels by dragging a header onto the other panel', async ({ page }) => {
    await page.dragAndDrop('[data-panel-header="chat"]', '[data-panel-header="ideas"]');
    await expect.poll(() => sidePanels(page)).toEqual(['chat@right', 'ideas@right']);
  });

  test('keeps what is typed in a panel while it is hidden and shown again', async ({ page }) => {
    // The panels stay mounted while hidden: a half-written thought is never thrown away by a toggle.
    const marker = await page.locator('[data-slot="chat/ChatPanel"]').evaluate((element) => {
      const note = document.createElement('span');
      note.dataset.marker = 'still-mounted';
      element.querySelector('section')?.append(note);
      return note.dataset.marker;
    });
    await page.keyboard.press('Control+Alt+KeyC');
    await expect(page.locator('[data-slot="chat/ChatPanel"]')).toBeHidden();
    await page.keyboard.press('Control+Alt+KeyC');
    await expect(page.locator(`[data-marker="${marker}"]`)).toBeAttached();
  });

  test('opens settings with Ctrl+comma, also while typing in a field', async ({ page }) => {
    await page.keyboard.press('Control+Alt+KeyN');
    const prose = page.locator('[data-slot="writings/Editor"] .ProseMirror');
    await expect(prose).toBeFocused();
    await page.keyboard.type('Half a sentence');

    await page.keyboard.press('Control+Comma');
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect(prose).toContainText('Half a sentence');
    await expect(prose).not.toContainText(',');
  });
});
