import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient, createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const list = (page: Page) => sidebar(page).getByRole('listbox', { name: 'Writings' });
const row = (page: Page, title: string) => list(page).getByRole('option').filter({ hasText: title });
const folderRow = (page: Page, name: string) => sidebar(page).locator(`li[data-folder-name="${name}"]`);

/** A backend client signed in as the account, to arrange data the way another session would. */
async function clientOf(account: Account) {
  const client = backendClient();
  const { error } = await client.auth.setSession(account.session);
  if (error) throw new Error(error.message);
  return client;
}

async function seedWritings(account: Account, count: number, folderId: string | null = null) {
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

async function createFolder(account: Account, name: string): Promise<string> {
  const client = await clientOf(account);
  const { data, error } = await client
    .from('categories')
    .insert({ user_id: account.session.user.id, name, item_type: 'writing' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

test.describe('the writings list and folders', () => {
  test('creates, renames and deletes a folder, with the spec texts for a blank name and the confirmation', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    await sidebar(page).getByRole('button', { name: messages.writings.newFolder }).click();
    await sidebar(page).getByRole('button', { name: 'Create' }).click();
    await expect(sidebar(page).getByRole('alert')).toContainText(messages.categories.nameRequired);
    await sidebar(page).getByRole('textbox', { name: 'Folder name' }).fill('Drafts');
    await sidebar(page).getByRole('button', { name: 'Create' }).click();
    await expect(folderRow(page, 'Drafts')).toBeVisible();

    page.once('dialog', (dialog) => dialog.accept('Essays'));
    await folderRow(page, 'Drafts').hover();
    await folderRow(page, 'Drafts').getByRole('button', { name: 'Rename' }).click();
    await expect(folderRow(page, 'Essays')).toBeVisible();

    let confirmation = '';
    page.once('dialog', (dialog) => {
      confirmation = dialog.message();
      void dialog.accept();
    });
    await folderRow(page, 'Essays').hover();
    await folderRow(page, 'Essays').getByRole('button', { name: 'Delete' }).click();
    await expect(folderRow(page, 'Essays')).toHaveCount(0);
    expect(confirmation).toBe(messages.categories.confirmDeleteFolder);
  });

  test('shows 20 writings newest first, loads the next pages near the bottom, and ends with End of writings', async ({
    page,
    account,
    workspace,
  }) => {
    await seedWritings(account, 45);
    await workspace.open();
    await expect(list(page).getByRole('option').first()).toContainText('Writing 44');
    await expect(list(page).getByRole('option').first()).toContainText('Body 44');
    await expect(sidebar(page)).toContainText(messages.writings.scrollForMore);

    const scroller = list(page).locator('..');
    for (let page_ = 0; page_ < 4; page_ += 1) {
      await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
      await page.waitForTimeout(300);
    }
    await expect(sidebar(page)).toContainText(messages.writings.end);
    await expect(row(page, 'Writing 0')).toBeVisible();
  });

  test('drag-moves two selected writings into a folder', async ({ page, account, workspace }) => {
    await createFolder(account, 'Poems');
    await seedWritings(account, 3);
    await workspace.open();

    await row(page, 'Writing 2').click();
    await row(page, 'Writing 1').click({ modifiers: ['ControlOrMeta'] });
    await expect(list(page).locator('[aria-selected="true"]')).toHaveCount(2);
    await row(page, 'Writing 1').dragTo(folderRow(page, 'Poems'));

    await folderRow(page, 'Poems').getByRole('button', { name: 'Poems' }).click();
    await expect(list(page).getByRole('option')).toHaveCount(2);
    await expect(row(page, 'Writing 2')).toBeVisible();
    await expect(row(page, 'Writing 1')).toBeVisible();
    await expect(row(page, 'Writing 0')).toHaveCount(0);
  });

  test('a folder shared read-only shows to the recipient as Shared (read), View only, and refuses a move into it', async ({
    page,
    account,
  }) => {
    const owner = await createAccount('owner');
    const folderId = await createFolder(owner, 'Family letters');
    await seedWritings(owner, 1, folderId);
    const ownerClient = await clientOf(owner);
    const { error } = await ownerClient.from('category_shares').insert({
      category_id: folderId,
      shared_with_user_id: account.session.user.id,
      permission_level: 'read',
    });
    expect(error).toBeNull();
    await seedWritings(account, 1);

    await signInBeforeLoad(page, account);
    await page.goto('/workspace');
    const folder = folderRow(page, 'Family letters');
    await expect(folder).toContainText(`${messages.sharing.sharedBadge} ${messages.sharing.readSuffix}`);
    await folder.hover();
    await expect(folder).toContainText(messages.sharing.viewOnly);
    await expect(folder.getByRole('button', { name: messages.sharing.leave })).toBeVisible();
    await expect(folder.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await row(page, 'Writing 0').dragTo(folder);
    await expect(sidebar(page).getByRole('alert')).toContainText(messages.categories.noWriteAccess);

    await folder.getByRole('button', { name: 'Family letters' }).click();
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await expect(row(page, 'Writing 0')).toBeVisible();
  });

  test('the share dialog: Share disabled while empty, unknown e-mail, sharing, permission change and removal', async ({
    page,
    account,
    workspace,
  }) => {
    const friend = await createAccount('friend');
    await createFolder(account, 'Novel');
    await workspace.open();
    await folderRow(page, 'Novel').hover();
    await folderRow(page, 'Novel').getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Novel' });
    await expect(dialog).toContainText(messages.sharing.noCollaborators);
    const share = dialog.getByRole('button', { name: 'Share', exact: true });
    await expect(share).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('   ');
    await expect(share).toBeDisabled();

    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(' nobody@example.com ');
    await share.click();
    await expect(dialog.getByRole('alert')).toHaveText(
      messages.sharing.noUserWithEmail('nobody@example.com'),
    );

    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(friend.email);
    await share.click();
    await expect(dialog).toContainText(friend.email);
    await expect(dialog).not.toContainText(messages.sharing.noCollaborators);
    await dialog.getByRole('combobox', { name: `Permission of ${friend.email}` }).selectOption('write');
    await expect(dialog.getByRole('combobox', { name: `Permission of ${friend.email}` })).toHaveValue(
      'write',
    );

    await dialog.getByRole('button', { name: `Remove ${friend.email}` }).click();
    await expect(dialog).toContainText(messages.sharing.noCollaborators);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
