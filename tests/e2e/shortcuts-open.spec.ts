import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { writingOf } from './support/writings.ts';

const prose = (page: Page) => page.locator('[data-slot="writings/Editor"] .ProseMirror');
const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');

test.describe('keyboard and search reach the writings area through the bus', () => {
  test('Ctrl+Alt+N creates a writing and puts the cursor in it, even from the editor', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await expect(sidebar(page)).toContainText(messages.writings.empty);

    await page.keyboard.press('Control+Alt+KeyN');
    await expect(prose(page)).toBeFocused();
    await expect(sidebar(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(1);

    await page.keyboard.type('Typed straight away');
    await expect(sidebar(page)).toContainText('Typed straight away');
  });

  test('choosing a writing in the search overlay opens it in the editor', async ({
    page,
    account,
    workspace,
  }) => {
    const word = `gannet${randomUUID().slice(0, 6)}`;
    await writingOf(account, 'Cliff birds', `A ${word} dives.`);
    await writingOf(account, 'Newer notes', 'Nothing here.');

    await workspace.open();
    await expect(prose(page).locator('h1')).toHaveText('Newer notes');

    await page.keyboard.press('Control+Slash');
    await page.getByPlaceholder('Search writings and ideas…').fill(word);
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');

    await expect(prose(page).locator('h1')).toHaveText('Cliff birds');
    await expect(page.getByPlaceholder('Search writings and ideas…')).toBeHidden();
  });
});
