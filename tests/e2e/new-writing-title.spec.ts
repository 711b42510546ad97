import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');
const pendingCount = (page: Page) => sidebarSlot(page).getByText(/changes? waiting to sync/);

/** The writer's writings as the server has them, read by a second signed-in client. */
async function savedBlocks(account: Account) {
  const client = backendClient();
  await client.auth.signInWithPassword({ email: account.email, password: account.password });
  const { data, error } = await client.from('writings').select('title, content');
  if (error) throw error;
  return data.map(({ title, content }) => ({
    title,
    blocks: ((content as { content?: { type: string; content?: { text?: string }[] }[] }).content ?? []).map(
      (block) => `${block.type}:${(block.content ?? []).map((inline) => inline.text ?? '').join('')}`,
    ),
  }));
}

/**
 * New writing from the keyboard, a click into the editor, select-all, then the title, Enter and a
 * sentence, as a writer types them.
 */
async function writeNewWithSelectAll(page: Page, delay: number) {
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await expect(sidebarSlot(page)).toHaveAttribute('data-status', 'ready');
  await page.keyboard.press('Control+Alt+KeyN');
  await expect(sidebarSlot(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(1);
  await expect(prose(page)).toBeVisible();
  await prose(page).click();
  await page.keyboard.press('ControlOrMeta+KeyA');
  await page.keyboard.type('Harbour', { delay });
  await page.keyboard.press('Enter');
  await page.keyboard.type('The boats came in at dawn.', { delay });
}

const expected = ['heading:Harbour', 'paragraph:The boats came in at dawn.'];

for (const [speed, delay] of [
  ['at a person’s speed', 65],
  ['fast', 0],
] as const) {
  test.describe(`a new writing's title typed after select-all, ${speed}`, () => {
    test('online: the editor shows and the server keeps the whole title, then the sentence', async ({
      page,
      workspace,
      account,
    }) => {
      await workspace.open();
      await writeNewWithSelectAll(page, delay);

      await expect(prose(page).locator('h1')).toHaveText('Harbour');
      await expect(prose(page).locator('p')).toHaveText(['The boats came in at dawn.']);
      await expect(sidebarSlot(page)).toContainText('Harbour');
      await expect.poll(() => savedBlocks(account)).toEqual([{ title: 'Harbour', blocks: expected }]);
    });

    test('offline: the same, and it reaches the server once back online', async ({
      page,
      context,
      workspace,
      account,
    }) => {
      await workspace.open();
      await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
      // Kept for offline use: the editor's code arrives after the first screen (the service worker has it).
      await workspace.keptForOffline();
      await context.setOffline(true);
      await writeNewWithSelectAll(page, delay);

      await expect(prose(page).locator('h1')).toHaveText('Harbour');
      await expect(prose(page).locator('p')).toHaveText(['The boats came in at dawn.']);
      await expect(pendingCount(page)).toBeVisible();
      await context.setOffline(false);
      await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
      await expect(prose(page).locator('h1')).toHaveText('Harbour');
      await expect.poll(() => savedBlocks(account)).toEqual([{ title: 'Harbour', blocks: expected }]);
    });
  });
}
