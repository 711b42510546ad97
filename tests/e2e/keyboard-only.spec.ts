import type { Locator, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { IdeasPanel, seedIdeas } from './support/ideas.ts';
import { seedWritings } from './support/writings.ts';

// A writer who keeps their hands on the keyboard: Tab reaches each list, the arrow keys move in it,
// Enter opens, and a ring shows where the focus is.

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const editorTitle = (page: Page) => page.locator('[data-slot="writings/Editor"] .ProseMirror h1');

/** Tabs forward until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The focus ring as drawn: the outline of the focused element. */
const ringOf = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return `${style.outlineStyle} ${style.outlineWidth}`;
  });

test.describe('keyboard only', () => {
  test('Tab reaches the writings list, the arrow keys move in it and Enter opens a writing, with a ring on the focus', async ({
    page,
    account,
    workspace,
  }) => {
    await seedWritings(account, ['Alpha', 'Beta', 'Gamma']);
    await workspace.open();
    await expect(editorTitle(page)).toHaveText('Gamma');

    const newButton = sidebar(page).getByRole('button', { name: messages.writings.newWriting, exact: true });
    await newButton.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(newButton).toBeFocused();
    expect(await ringOf(newButton)).toBe('solid 2px');

    const option = (title: string) => sidebar(page).getByRole('option', { name: new RegExp(`^${title}`) });
    // The writing that is open is where Tab enters the list.
    await tabTo(page, option('Gamma'));
    expect(await ringOf(option('Gamma'))).toBe('solid 2px');
    await page.keyboard.press('ArrowDown');
    await expect(option('Beta')).toBeFocused();
    await page.keyboard.press('End');
    await expect(option('Alpha')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(option('Beta')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(editorTitle(page)).toHaveText('Beta');
    await expect(option('Beta')).toHaveAttribute('aria-selected', 'true');
  });

  test('Tab reaches the ideas list; Enter opens an idea to edit and Escape gives the focus back to it', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [
      { content: 'Newest thought', ageMs: 0 },
      { content: 'Older thought', ageMs: 60_000 },
    ]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await expect(ideas.idea('Newest thought')).toBeVisible();

    await tabTo(page, ideas.idea('Newest thought'));
    await page.keyboard.press('ArrowDown');
    await expect(ideas.idea('Older thought')).toBeFocused();
    await page.keyboard.press('Enter');
    const editor = ideas.root.getByRole('textbox', { name: messages.ideas.editIdea });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('Older thought');
    await page.keyboard.press('Escape');
    await expect(editor).toHaveCount(0);
    await expect(ideas.idea('Older thought')).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(ideas.idea('Newest thought')).toBeFocused();
  });
});
