import type { Locator, Page } from '@playwright/test';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { holdScriptsContaining } from './support/held-scripts.ts';
import { fingerOn, hold } from './support/touch.ts';
import { moveFromRow, seedWritings } from './support/writings.ts';

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const list = (page: Page) => sidebar(page).getByRole('listbox', { name: 'Writings' });
const row = (page: Page, title: string) => list(page).getByRole('option').filter({ hasText: title });
const editor = (page: Page) => page.locator('[data-slot="writings/Editor"]');

const LONG_TITLE = 'Reading list for the long winter evenings by the harbour';

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of the row's visible controls. */
async function controlBoxes(target: Locator) {
  const boxes = [];
  for (const control of await target.getByRole('button').all()) {
    if (!(await control.isVisible())) continue;
    const box = await control.boundingBox();
    if (box) boxes.push(box);
  }
  return boxes;
}

test.describe("a writing's row actions", () => {
  test('never cover the title of the selected row, and the title says itself in full', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Shopping', LONG_TITLE]);
    await workspace.open();
    await row(page, LONG_TITLE).click();
    await expect(editor(page).locator('.ProseMirror h1')).toHaveText(LONG_TITLE);

    const selected = row(page, LONG_TITLE);
    await expect(selected).toHaveAttribute('aria-selected', 'true');
    // Hovered too, as when the writer has just clicked it.
    await selected.hover();
    const title = selected.getByText(LONG_TITLE, { exact: true });
    const titleBox = await title.boundingBox();
    if (!titleBox) throw new Error('the title is not shown');
    const controls = await controlBoxes(selected);
    expect(controls.length).toBeGreaterThan(0);
    for (const box of controls) expect(overlaps(titleBox, box)).toBe(false);
    await expect(title).toHaveAttribute('title', LONG_TITLE);
  });

  test('rename, move to folder and delete work from the row, by mouse and by keyboard', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Kept', 'Old name']);
    await workspace.open();
    await expect(row(page, 'Old name')).toBeVisible();

    // Rename, by mouse.
    await row(page, 'Old name').hover();
    await row(page, 'Old name').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const title = page
      .getByRole('dialog', { name: 'Rename writing' })
      .getByRole('textbox', { name: 'Title' });
    await expect(title).toHaveValue('Old name');
    await title.fill('New name');
    await page
      .getByRole('dialog', { name: 'Rename writing' })
      .getByRole('button', { name: 'Rename' })
      .click();
    await expect(row(page, 'New name')).toBeVisible();

    // Move to folder, by keyboard: the row, then Tab to its actions, Enter, the item, Enter.
    await row(page, 'New name').click();
    // The hand goes from the mouse to the keyboard (a pointer left over the menu would pick its item).
    await page.mouse.move(0, 0);
    await page.keyboard.press('Tab');
    await expect(row(page, 'New name').getByRole('button', { name: 'More actions' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Move to folder' })).toBeFocused();
    await page.keyboard.press('Enter');
    const folder = page
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('textbox', { name: 'Folder name' });
    await expect(folder).toBeFocused();
    await page.keyboard.type('Letters');
    await page.keyboard.press('Enter');
    await expect(sidebar(page).locator('li[data-folder-name="Letters"]')).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'Letters', exact: true }).click();
    await expect(row(page, 'New name')).toBeVisible();
    await expect(row(page, 'Kept')).toHaveCount(0);

    // Moving again offers the folder there is now, while any other name may still be typed.
    await sidebar(page).getByRole('button', { name: 'All writings' }).click();
    await row(page, 'Kept').hover();
    await row(page, 'Kept').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Move to folder' }).click();
    const offered = page
      .getByRole('dialog', { name: 'Move to folder' })
      .getByRole('combobox', { name: 'Folder name' });
    await expect(offered).toBeFocused();
    expect(
      await offered.evaluate((field: HTMLInputElement) =>
        [...(field.list?.options ?? [])].map((option) => option.value),
      ),
    ).toEqual(['Letters']);
    await page.keyboard.press('Escape');
    await sidebar(page).getByRole('button', { name: 'Letters', exact: true }).click();

    // Delete, by mouse.
    await row(page, 'New name').hover();
    await row(page, 'New name').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    // It asks first; Cancel keeps the writing.
    const confirmation = page.getByRole('alertdialog', { name: 'Delete “New name”? It cannot be undone.' });
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(row(page, 'New name')).toBeVisible();
    await row(page, 'New name').hover();
    await row(page, 'New name').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(row(page, 'New name')).toHaveCount(0);
  });

  test('a writing moved to a folder and then edited, or renamed and moved at once, stays one writing', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Kept', 'Harbour']);
    await workspace.open();
    await expect(editor(page).locator('.ProseMirror h1')).toHaveText('Harbour');

    // Moved from the row, then written in: the move is the writer's own, not a change made elsewhere.
    await moveFromRow(page, 'Harbour', 'Letters');
    await expect(sidebar(page).locator('li[data-folder-name="Letters"]')).toBeVisible();
    await editor(page).locator('.ProseMirror p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Gulls at dawn.');
    await expect(editor(page).getByRole('status')).toHaveText('Saved', { timeout: 10_000 });

    // Renamed from the row and moved at once, before the editor has saved the new title.
    await row(page, 'Harbour').hover();
    await row(page, 'Harbour').getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page
      .getByRole('dialog', { name: 'Rename writing' })
      .getByRole('textbox', { name: 'Title' })
      .fill('Harbour at dawn');
    await page.keyboard.press('Enter');
    await moveFromRow(page, 'Harbour at dawn', 'Drafts');
    await expect(sidebar(page).locator('li[data-folder-name="Drafts"]')).toBeVisible();
    await expect(editor(page).getByRole('status')).toHaveText('Saved', { timeout: 10_000 });

    await page.reload();
    await expect(row(page, 'Harbour at dawn')).toBeVisible();
    await expect(list(page).getByRole('option').filter({ hasText: 'conflicted copy' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('alert')).toHaveCount(0);
    await row(page, 'Harbour at dawn').click();
    await expect(editor(page).locator('.ProseMirror')).toContainText('Gulls at dawn.');
  });

  test('Move to folder on a row of the selection moves the selection; on another row, that row alone', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Ashore', 'Buoys', 'Currents']);
    await workspace.open();
    await expect(editor(page).locator('.ProseMirror h1')).toHaveText('Currents');
    await row(page, 'Currents').click();
    await row(page, 'Ashore').click({ modifiers: ['ControlOrMeta'] });
    await moveFromRow(page, 'Ashore', 'Letters');
    await sidebar(page).getByRole('button', { name: 'Letters', exact: true }).click();
    await expect(row(page, 'Currents')).toBeVisible();
    await expect(row(page, 'Ashore')).toBeVisible();
    await expect(list(page).getByRole('option')).toHaveCount(2);

    // A row outside the selection moves alone.
    await sidebar(page).getByRole('button', { name: 'All writings' }).click();
    await row(page, 'Currents').click();
    await moveFromRow(page, 'Buoys', 'Drafts');
    await sidebar(page).getByRole('button', { name: 'Drafts', exact: true }).click();
    await expect(row(page, 'Buoys')).toBeVisible();
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await page.reload();
    await expect(row(page, 'Buoys')).toBeVisible();
    await sidebar(page).getByRole('button', { name: 'Letters', exact: true }).click();
    await expect(list(page).getByRole('option')).toHaveCount(2);
  });
});

test.describe('writings on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('holding a writing selects it beside the open one, taps add more, and Move to folder moves them all', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Ashore', 'Buoys', 'Currents', 'Depths']);
    await workspace.open();
    await page.getByRole('button', { name: 'Writings', exact: true }).tap();
    await expect(row(page, 'Depths')).toHaveAttribute('aria-selected', 'true');
    // Every row shows its ⋯ (no pointer hovers a row here). A swipe up the list that begins on one opens
    // nothing; a tap on another row's opens its menu alone.
    const currentsMore = row(page, 'Currents').getByRole('button', { name: 'More actions' });
    await expect(currentsMore).toHaveAttribute('data-state', 'closed'); // the menu's own button, arrived
    const lift = await fingerOn(page, currentsMore);
    await lift(-120);
    await page.waitForTimeout(300); // what a press would open shows within a frame
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeHidden();
    await row(page, 'Currents').getByRole('button', { name: 'More actions' }).tap();
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row(page, 'Currents')).toHaveAttribute('aria-selected', 'false');
    // Held on a row's ⋯, a finger opens its menu and leaves the selection as it was.
    await hold(page, row(page, 'Depths').getByRole('button', { name: 'More actions' }));
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row(page, 'Depths')).toHaveAttribute('aria-selected', 'true');
    await hold(page, row(page, 'Ashore'));
    await expect(row(page, 'Ashore')).toHaveAttribute('aria-selected', 'true');
    await row(page, 'Buoys').tap();
    await expect(list(page).locator('[aria-selected="true"]')).toHaveCount(3);
    // A tap on a selected one takes it out; the list stays (no writing opened).
    await row(page, 'Depths').tap();
    await expect(row(page, 'Depths')).toHaveAttribute('aria-selected', 'false');
    await expect(list(page)).toBeVisible();

    await row(page, 'Buoys').getByRole('button', { name: 'More actions' }).tap();
    await page.getByRole('menuitem', { name: 'Move to folder' }).tap();
    await page.getByRole('dialog', { name: 'Move to folder' }).getByLabel('Folder name').fill('Harbour');
    await page.keyboard.press('Enter');
    const client = backendClient();
    await client.auth.setSession(account.session);
    const inHarbour = async () => {
      const { data } = await client.from('writings').select('title, categories(name)').order('title');
      return (data ?? []).map((writing) => [
        writing.title,
        (writing.categories as { name?: string } | null)?.name,
      ]);
    };
    await expect.poll(inHarbour).toEqual([
      ['Ashore', 'Harbour'],
      ['Buoys', 'Harbour'],
      ['Currents', undefined],
      ['Depths', undefined],
    ]);
  });

  test.describe('while the menu’s code is on its way', () => {
    // A service worker would serve the scripts past the page's routes.
    test.use({ serviceWorkers: 'block' });

    test('a finger on ⋯ when the menu’s code arrives opens the menu as it lifts', async ({
      page,
      workspace,
      account,
    }) => {
      // The menu's code (the chunk that says a writing was not moved) is held back until released.
      const release = await holdScriptsContaining(page, 'The writing was not moved');
      await seedWritings(account, ['Harbour']);
      await workspace.open();
      await page.getByRole('button', { name: 'Writings', exact: true }).tap();
      const more = row(page, 'Harbour').getByRole('button', { name: 'More actions' });
      const lift = await fingerOn(page, more);
      release();
      // The menu's own button (Radix marks it with its state) takes the plain one's place under the finger.
      await expect(more).toHaveAttribute('data-state', /open|closed/);
      await lift();
      await expect(page.getByRole('menuitem', { name: 'Move to folder' })).toBeVisible();
    });
  });
});
