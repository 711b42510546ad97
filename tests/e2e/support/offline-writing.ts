// The offline-writing specs' view of the workspace: the writings slots, the save state and the count of
// changes waiting, a writing made as a writer makes one, and the writings as the server has them.
import type { BrowserContext, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient } from './accounts.ts';
import { expect } from './fixtures.ts';
import { WorkspacePage } from './workspace-page.ts';

export const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
export const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
export const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');
export const pendingCount = (page: Page) => sidebarSlot(page).getByText(/changes? waiting to sync/);
export const saveState = (page: Page) =>
  editorSlot(page)
    .getByRole('status')
    .filter({ hasText: /Saved|Unsaved|Saving/ });

/**
 * The workspace open and kept for offline use: the editor's code arrives after the first screen, so a
 * writer going offline the moment the page shows has it from the service worker's copy.
 */
export async function openReady(page: Page, workspace: WorkspacePage) {
  await workspace.open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await expect(sidebarSlot(page)).toHaveAttribute('data-status', 'ready');
  await workspace.keptForOffline();
}

export async function newWriting(page: Page, title: string, body?: string) {
  const untitled = sidebarSlot(page).getByText(messages.writings.untitled, { exact: true });
  await sidebarSlot(page).getByRole('button', { name: messages.writings.newWriting, exact: true }).click();
  // The new writing is open (and listed) before the writer types into it.
  await expect(untitled).toHaveCount(1);
  await expect(prose(page).locator('h1')).toHaveText('');
  await expect(prose(page)).toBeFocused();
  await page.keyboard.type(title);
  if (body !== undefined) {
    await page.keyboard.press('Enter');
    await page.keyboard.type(body);
  }
  await expect(sidebarSlot(page)).toContainText(title);
}

/** The writer's writings as the server has them, read by a second signed-in client. */
export async function serverWritings(account: Account) {
  const client = backendClient();
  await client.auth.signInWithPassword({ email: account.email, password: account.password });
  const { data, error } = await client.from('writings').select('id, title, content').order('title');
  if (error) throw error;
  return data.map(({ id, title, content }) => ({ id, title, text: JSON.stringify(content) }));
}

export const titlesOnServer = async (account: Account) =>
  (await serverWritings(account)).map((row) => row.title);

export async function secondTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await openReady(page, new WorkspacePage(page));
  return page;
}
