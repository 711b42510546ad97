import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient, createAccount } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { allowFullDevice, fillDevice } from './support/full-device.ts';
import { seedWritings } from './support/writings.ts';

const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');
const pendingCount = (page: Page) => sidebarSlot(page).getByText(/changes? waiting to sync/);

async function signedIn(account: Account) {
  const client = backendClient();
  const { error } = await client.auth.signInWithPassword({
    email: account.email,
    password: account.password,
  });
  if (error) throw new Error(error.message);
  return client;
}

/**
 * Uncaught errors of the page, and what reaches the console about a failure that is an object but not
 * an Error with a message.
 */
function watchErrors(page: Page): { uncaught: string[]; logged: string[] } {
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
  return { uncaught, logged };
}

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
  const { uncaught, logged } = watchErrors(page);

  // A slow connection: the folders are still on their way when the connection drops.
  const held: (() => Promise<void>)[] = [];
  await page.route('**/rest/v1/categories*', (route) => {
    held.push(() => route.abort('internetdisconnected'));
  });
  await workspace.open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await expect(sidebarSlot(page)).toHaveAttribute('data-status', 'ready');
  // Kept for offline use: the editor's code arrives after the first screen (the service worker has it).
  await workspace.keptForOffline();
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

test('on a device with no storage left, what the writer types still reaches the server, and offline they are told why it waits', async ({
  page,
  context,
  workspace,
  account,
}) => {
  await seedWritings(account, ['Harbour']);
  const serverText = async () => {
    const { data, error } = await (await signedIn(account)).from('writings').select('content').single();
    if (error) throw new Error(error.message);
    return JSON.stringify(data.content);
  };
  await allowFullDevice(page);
  await workspace.open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await workspace.keptForOffline();
  await fillDevice(page);

  await prose(page).getByText('About Harbour').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and its lights', { delay: 30 });
  await expect.poll(serverText).toContain('About Harbour and its lights');
  await expect(page.getByText(messages.offline.storageFull)).toHaveCount(0);

  await context.setOffline(true);
  await page.keyboard.type(', far out', { delay: 30 });
  await expect(page.getByText(messages.offline.storageFull)).toBeVisible();
  await context.setOffline(false);
  await page.keyboard.type('.', { delay: 30 });
  await expect.poll(serverText, { timeout: 20_000 }).toContain('About Harbour and its lights, far out.');
});

test('acting on folders offline leaves no uncaught error, and each failure is told or logged as an Error', async ({
  page,
  context,
  workspace,
  account,
}) => {
  // A folder another writer shares with this one, accepted.
  const owner = await createAccount('owner');
  const ownerClient = await signedIn(owner);
  const shared = await ownerClient
    .from('categories')
    .insert({ user_id: owner.session.user.id, name: 'Their notes', item_type: 'writing' })
    .select('id')
    .single();
  if (shared.error) throw new Error(shared.error.message);
  const share = await ownerClient
    .from('category_shares')
    .insert({
      category_id: shared.data.id,
      shared_with_user_id: account.session.user.id,
      permission_level: 'read',
    })
    .select('id')
    .single();
  if (share.error) throw new Error(share.error.message);
  const accepted = await (await signedIn(account)).rpc('accept_folder_invitation', {
    share_id: share.data.id,
  });
  if (accepted.error) throw new Error(accepted.error.message);
  const { uncaught, logged } = watchErrors(page);
  await workspace.open();
  await expect(sidebarSlot(page)).toHaveAttribute('data-status', 'ready');
  const sidebar = sidebarSlot(page);
  await sidebar.getByRole('button', { name: messages.writings.newFolder }).click();
  await page.keyboard.type('Letters');
  await page.keyboard.press('Enter');
  const folder = sidebar.locator('li[data-folder-name="Letters"]');
  await expect(folder).toBeVisible();

  // The rename and delete dialogs are fetched on first use: offline, they come from the version kept for
  // offline.
  await workspace.keptForOffline();
  await context.setOffline(true);
  await folder.getByRole('button', { name: 'Letters' }).click();
  await sidebar.getByRole('button', { name: 'All writings' }).click();
  // A folder's actions show while the pointer is over it.
  await folder.hover();
  await folder.getByRole('button', { name: 'Rename' }).click();
  await page
    .getByRole('dialog', { name: 'Rename folder' })
    .getByRole('textbox', { name: 'Folder name' })
    .fill('Postcards');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await folder.hover();
  await folder.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: messages.categories.confirmDeleteFolder })
    .getByRole('button', { name: 'Delete' })
    .click();
  // The folder is still there: neither the rename nor the delete reached the server.
  await expect(folder.getByRole('button', { name: 'Letters' })).toBeVisible();
  const theirs = sidebar.locator('li[data-folder-name="Their notes"]');
  await theirs.getByRole('button', { name: 'Their notes' }).click();
  await theirs.hover();
  await theirs.getByRole('button', { name: messages.sharing.leave }).click();
  await expect(sidebar.getByText(messages.sharing.removeShareFailed)).toBeVisible();
  await expect(theirs).toBeVisible();
  await page.waitForTimeout(2_000);
  expect(uncaught).toEqual([]);
  expect(logged).toEqual([]);
});
