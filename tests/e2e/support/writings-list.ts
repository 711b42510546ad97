// The writings list's browser tests: its locators, and data arranged the way another session would
// (writings, folders, shares accepted by their recipient).
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { type Account, backendClient, signInBeforeLoad } from './accounts.ts';
import { expect } from './fixtures.ts';

export const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
export const list = (page: Page) => sidebar(page).getByRole('listbox', { name: 'Writings' });
export const row = (page: Page, title: string) => list(page).getByRole('option').filter({ hasText: title });
export const folderRow = (page: Page, name: string) =>
  sidebar(page).locator(`li[data-folder-name="${name}"]`);
export const editor = (page: Page) => page.locator('[data-slot="writings/Editor"]');
export const prose = (page: Page) => editor(page).locator('.ProseMirror');
export const saveState = (page: Page) =>
  editor(page)
    .getByRole('status')
    .filter({ hasText: /^(Saved|Unsaved changes|Saving…)$/ });

/** A backend client signed in as the account, to arrange data the way another session would. */
export async function clientOf(account: Account) {
  const client = backendClient();
  const { error } = await client.auth.setSession(account.session);
  if (error) throw new Error(error.message);
  return client;
}

export async function seedWritings(account: Account, count: number, folderId: string | null = null) {
  const client = await clientOf(account);
  const start = Date.now() - count * 60_000;
  const rows = Array.from({ length: count }, (_, index) => ({
    user_id: account.session.user.id,
    title: `Writing ${index}`,
    category_id: folderId,
    content: {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Writing ${index}` }] },
        { type: 'paragraph', content: [{ type: 'text', text: `Body ${index}` }] },
      ],
    },
    created_at: new Date(start + index * 60_000).toISOString(),
  }));
  const { error } = await client.from('writings').insert(rows);
  if (error) throw new Error(error.message);
}

/**
 * Shares a folder of `owner` with `recipient` the way the owner's own session would, and the recipient
 * accepts the invitation (a share gives access only then; the invitation itself is
 * share-invitations.spec.ts).
 */
export async function shareFolder(
  owner: Account,
  folderId: string,
  recipient: Account,
  permission: 'read' | 'write',
) {
  const client = await clientOf(owner);
  const { data, error } = await client
    .from('category_shares')
    .insert({
      category_id: folderId,
      shared_with_user_id: recipient.session.user.id,
      permission_level: permission,
    })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  const accepted = await (await clientOf(recipient)).rpc('accept_folder_invitation', { share_id: data.id });
  if (accepted.error) throw new Error(accepted.error.message);
}

/** The recipient's own page, in its own browser context (its own storage, so its own session). */
export async function openAs(
  browser: Browser,
  account: Account,
  options?: BrowserContextOptions,
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await signInBeforeLoad(page, account);
  await page.goto('/workspace');
  return page;
}

/** Opens a shared folder and one of its writings in the editor. */
export async function openSharedWriting(page: Page, folder: string, title: string) {
  await folderRow(page, folder).getByRole('button', { name: folder }).click();
  await row(page, title).click();
  await expect(prose(page).locator('h1')).toHaveText(title);
}

/** Puts the cursor at the end of the writing's last paragraph. */
export async function clickAtEnd(page: Page) {
  await prose(page).locator('p').last().click();
  await page.keyboard.press('End');
}

export async function createFolder(account: Account, name: string): Promise<string> {
  const client = await clientOf(account);
  const { data, error } = await client
    .from('categories')
    .insert({ user_id: account.session.user.id, name, item_type: 'writing' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}
