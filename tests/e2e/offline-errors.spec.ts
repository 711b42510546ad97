import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');
const pendingCount = (page: Page) => sidebarSlot(page).getByText(/changes? waiting to sync/);

test('a writing made offline waits to sync without an uncaught error, and what is logged says what failed', async ({
  page,
  context,
  workspace,
  account,
}) => {
  const client = backendClient();
  await client.auth.signInWithPassword({ email: account.email, password: account.password });
  const { error } = await client
    .from('categories')
    .insert({ user_id: account.session.user.id, name: 'Travel', item_type: 'writing' });
  if (error) throw new Error(error.message);
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(`${error.name}: ${error.message}`));
  // What reaches the console about a failure: each logged value that is an object must be an Error with a message.
  const logged: string[] = [];
  page.on('console', async (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    for (const argument of message.args()) {
      const described = await argument
        .evaluate((value) =>
          value !== null && typeof value === 'object'
            ? value instanceof Error && value.message !== ''
              ? 'error'
              : `not an Error: ${Object.prototype.toString.call(value)} ${JSON.stringify(value)}`
            : 'text',
        )
        .catch(() => 'gone');
      if (described.startsWith('not an Error')) logged.push(`${message.text()} → ${described}`);
    }
  });

  // A slow connection: the folders are still on their way when the connection drops.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/rest/v1/categories*', (route) => {
    held.push(() => route.abort('internetdisconnected'));
  });
  await workspace.open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await expect(sidebarSlot(page)).toHaveAttribute('data-status', 'ready');
  await expect.poll(() => held.length).toBeGreaterThan(0);
  await context.setOffline(true);
  for (const abort of held) await abort();
  await page.unroute('**/rest/v1/categories*');
  await sidebarSlot(page).getByRole('button', { name: messages.writings.newWriting, exact: true }).click();
  await expect(prose(page)).toBeFocused();
  await page.keyboard.type('On the ferry', { delay: 30 });
  await page.keyboard.press('Enter');
  await page.keyboard.type('No signal here.', { delay: 30 });
  await expect(pendingCount(page)).toBeVisible();
  // Through several sync attempts (back-off 1 s, 2 s, 4 s) and the tab hidden and shown again.
  await page.waitForTimeout(9_000);
  expect(uncaught).toEqual([]);
  expect(logged).toEqual([]);

  await context.setOffline(false);
  await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
  // The folders that could not load while offline come in once the connection is back.
  await expect(sidebarSlot(page).getByText('Travel', { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(uncaught).toEqual([]);
  expect(logged).toEqual([]);
});
