import type { Page } from '@playwright/test';
import { type Account, backendClient } from './accounts.ts';

/** A writing's content as the editor stores it: an H1 title, then one paragraph. */
export function documentOf(title: string, text: string) {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
      { type: 'paragraph', content: [{ type: 'text', text }] },
    ],
  };
}

/**
 * Stores writings of `account` titled `titles`, each with the paragraph 'About <title>', made a minute
 * apart in that order: the last one is first in the list and opens on load.
 */
export async function seedWritings(account: Account, titles: string[]): Promise<void> {
  const client = backendClient();
  const { error: signInError } = await client.auth.setSession(account.session);
  if (signInError) throw new Error(signInError.message);
  const start = Date.now() - titles.length * 60_000;
  const { error } = await client.from('writings').insert(
    titles.map((title, index) => ({
      user_id: account.session.user.id,
      title,
      content: documentOf(title, `About ${title}`),
      created_at: new Date(start + index * 60_000).toISOString(),
    })),
  );
  if (error) throw new Error(error.message);
}

/**
 * Stores a writing of `account` as the editor would (an H1 title, then one paragraph), under the
 * writer's own session, and returns its id.
 */
export async function writingOf(account: Account, title: string, text: string): Promise<string> {
  const client = backendClient();
  await client.auth.setSession(account.session);
  const { data, error } = await client
    .from('writings')
    .insert({
      user_id: account.session.user.id,
      title,
      content: documentOf(title, text),
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/** The row of the writing titled `title` in the writings list. */
export const writingRow = (page: Page, title: string) =>
  page
    .locator('[data-slot="writings/Sidebar"]')
    .getByRole('listbox', { name: 'Writings' })
    .getByRole('option')
    .filter({ hasText: title });

/** Moves a writing to the folder of that name from its row's menu, by mouse, as a writer does. */
export async function moveFromRow(page: Page, title: string, folder: string): Promise<void> {
  const row = writingRow(page, title);
  await row.hover();
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to folder' }).click();
  // A text field, offering the folders there are as a list (a combobox) once there are some.
  await page.getByRole('dialog', { name: 'Move to folder' }).getByLabel('Folder name').fill(folder);
  await page.keyboard.press('Enter');
}

/** Makes a folder of writings `name` owned by `account`. */
export async function createFolder(account: Account, name: string): Promise<void> {
  const client = backendClient();
  await client.auth.setSession(account.session);
  const { error } = await client
    .from('categories')
    .insert({ user_id: account.session.user.id, name, item_type: 'writing' });
  if (error) throw new Error(error.message);
}
