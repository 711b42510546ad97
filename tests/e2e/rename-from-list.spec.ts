import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { seedWritings } from './support/writings.ts';

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const list = (page: Page) => sidebar(page).getByRole('listbox', { name: 'Writings' });
const row = (page: Page, title: string) => list(page).getByRole('option').filter({ hasText: title });
const editor = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const heading = (page: Page) => editor(page).locator('.ProseMirror h1');
const body = (page: Page) => editor(page).locator('.ProseMirror p').first();
const saveState = (page: Page) =>
  editor(page)
    .getByRole('status')
    .filter({ hasText: /Saved|Saving|Unsaved/ });

async function renameFromList(page: Page, from: string, to: string) {
  await row(page, from).hover();
  await row(page, from).getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('dialog', { name: 'Rename writing' }).getByRole('textbox', { name: 'Title' }).fill(to);
  await page.keyboard.press('Enter');
}

/** Clicks at the end of the writing's first paragraph and types there. */
async function typeAtEndOfBody(page: Page, text: string) {
  await body(page).click();
  await page.keyboard.press('End');
  await page.keyboard.type(text, { delay: 20 });
}

test.describe('renaming a writing from the list', () => {
  test('the open writing keeps its new title through an edit, a save and a reload', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Kept', 'Old name']); // 'Old name' is first and opens on load
    await workspace.open();
    await expect(heading(page)).toHaveText('Old name');

    // Typed just before: the rename keeps it.
    await typeAtEndOfBody(page, ' typed');
    await renameFromList(page, 'Old name', 'New name');
    await expect(heading(page)).toHaveText('New name');
    await expect(body(page)).toHaveText('About Old name typed');
    await typeAtEndOfBody(page, ' and more');
    await expect(body(page)).toHaveText('About Old name typed and more');
    await expect(saveState(page)).toHaveText('Saved');

    await page.reload();
    await expect(row(page, 'New name')).toBeVisible();
    // (The preview still says 'About Old name': only the title changed.)
    await expect(list(page).getByText('Old name', { exact: true })).toHaveCount(0);
    await row(page, 'New name').click();
    await expect(heading(page)).toHaveText('New name');
    await expect(body(page)).toHaveText('About Old name typed and more');
  });

  test('a writing that is not open keeps its new title once opened, edited and saved', async ({
    page,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Kept', 'Old name']); // 'Old name' is first and opens on load
    await workspace.open();
    await expect(heading(page)).toHaveText('Old name');

    await renameFromList(page, 'Kept', 'Renamed');
    await expect(row(page, 'Renamed')).toBeVisible();
    await row(page, 'Renamed').click();
    await expect(heading(page)).toHaveText('Renamed');
    await typeAtEndOfBody(page, ' today');
    await expect(saveState(page)).toHaveText('Saved');

    await page.reload();
    await row(page, 'Renamed').click();
    await expect(heading(page)).toHaveText('Renamed');
    await expect(body(page)).toHaveText('About Kept today');
  });

  test('offline, the rename is kept on the device, the writer is told, and it syncs when back online', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await seedWritings(account, ['Kept', 'Old name']); // 'Old name' is first and opens on load
    await workspace.open();
    await expect(heading(page)).toHaveText('Old name');

    // The rename dialog is fetched on first use: offline, it comes from the version kept for offline.
    await workspace.keptForOffline();
    await context.setOffline(true);
    await renameFromList(page, 'Kept', 'Written offline');
    await expect(sidebar(page).getByText(messages.save.offline)).toBeVisible();
    await expect(row(page, 'Written offline')).toBeVisible();
    await row(page, 'Written offline').click();
    await expect(heading(page)).toHaveText('Written offline');
    await typeAtEndOfBody(page, ' at sea');

    await context.setOffline(false);
    await expect(sidebar(page).getByText(/changes? waiting to sync/)).toHaveCount(0, { timeout: 20_000 });
    await expect(saveState(page)).toHaveText('Saved', { timeout: 20_000 });
    await page.reload();
    await row(page, 'Written offline').click();
    await expect(heading(page)).toHaveText('Written offline');
    await expect(body(page)).toHaveText('About Kept at sea');
  });
});
