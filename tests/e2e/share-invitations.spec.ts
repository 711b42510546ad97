import type { Browser, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient, createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { createFolder, documentOf, writingOf } from './support/writings.ts';

// A share is an invitation (issue 10): the recipient sees who shared which folder, and the folder is
// theirs only once they accept it.

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const folderRow = (page: Page, name: string) => sidebar(page).locator(`li[data-folder-name="${name}"]`);
const invitations = (page: Page) => sidebar(page).getByRole('region', { name: messages.sharing.invitations });
const invitation = (page: Page, name: string) =>
  invitations(page).locator(`li[data-invitation-folder="${name}"]`);

/** The owner shares a folder through its share dialog. */
async function shareThroughDialog(page: Page, folder: string, email: string, permission: 'read' | 'write') {
  await folderRow(page, folder).hover();
  await folderRow(page, folder).getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: `Share ${folder}` });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'Permission' }).selectOption(permission);
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog).toContainText(email);
  return dialog;
}

async function openAs(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, account);
  await page.goto('/workspace');
  return page;
}

test('an invitation shows who shared which folder; the folder appears only after Accept, and a declined one never does', async ({
  page,
  account,
  workspace,
  browser,
}) => {
  const friend = await createAccount('friend');
  await createFolder(account, 'Plans');
  await createFolder(account, 'URGENT: re-enter your password');
  await workspace.open();

  // The friend's sidebar is already open: the invitation arrives live.
  const friendPage = await openAs(browser, friend);
  await expect(sidebar(friendPage).getByRole('button', { name: 'All writings' })).toBeVisible();

  const dialog = await shareThroughDialog(page, 'Plans', friend.email, 'write');
  await expect(dialog).toContainText(messages.sharing.pending);

  await expect(invitation(friendPage, 'Plans')).toContainText(
    messages.sharing.invitedBy(account.email, 'Plans', 'writing'),
  );
  await expect(invitation(friendPage, 'Plans')).toContainText(messages.sharing.editAccess);
  await expect(folderRow(friendPage, 'Plans')).toHaveCount(0);

  await invitation(friendPage, 'Plans').getByRole('button', { name: messages.sharing.accept }).click();
  await expect(folderRow(friendPage, 'Plans')).toContainText(messages.sharing.sharedBadge);
  await expect(invitations(friendPage)).toHaveCount(0);
  // The owner's dialog, open all along, says so at once.
  await expect(dialog).toContainText(friend.email);
  await expect(dialog).not.toContainText(messages.sharing.pending);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The owner's dialog no longer says pending.
  await folderRow(page, 'Plans').hover();
  await folderRow(page, 'Plans').getByRole('button', { name: 'Share' }).click();
  const reopened = page.getByRole('dialog', { name: 'Share Plans' });
  await expect(reopened).toContainText(friend.email);
  await expect(reopened).not.toContainText(messages.sharing.pending);
  // Focus stays in the dialog (Tab from its last control wraps around); Escape closes it, and focus is
  // back on the Share button.
  await reopened.getByRole('button', { name: `Remove ${friend.email}` }).focus();
  await page.keyboard.press('Tab');
  await expect(reopened.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(reopened).toHaveCount(0);
  await expect(folderRow(page, 'Plans').getByRole('button', { name: 'Share' })).toBeFocused();

  const spam = 'URGENT: re-enter your password';
  await (await shareThroughDialog(page, spam, friend.email, 'read'))
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(invitation(friendPage, spam)).toContainText(messages.sharing.viewOnly);
  await expect(folderRow(friendPage, spam)).toHaveCount(0);
  await invitation(friendPage, spam).getByRole('button', { name: messages.sharing.decline }).click();
  await expect(invitations(friendPage)).toHaveCount(0);

  await friendPage.reload();
  await expect(folderRow(friendPage, 'Plans')).toBeVisible();
  await expect(invitations(friendPage)).toHaveCount(0);
  await expect(folderRow(friendPage, spam)).toHaveCount(0);
  await friendPage.context().close();
});

test('a folder its owner stops sharing leaves the friend’s screen: back on their own writings, the owner’s writing closed', async ({
  page,
  account,
  workspace,
  browser,
}) => {
  const friend = await createAccount('friend');
  await createFolder(account, 'Novel');
  const owner = backendClient();
  await owner.auth.setSession(account.session);
  const folder = await owner.from('categories').select('id').eq('name', 'Novel').single();
  await owner.from('writings').insert({
    user_id: account.session.user.id,
    title: 'Chapter 1',
    category_id: folder.data?.id,
    content: documentOf('Chapter 1', 'A dark and stormy night on the quay.'),
  });
  await writingOf(friend, 'My own notes', 'Gulls, boats, rope.');
  await workspace.open();
  await (await shareThroughDialog(page, 'Novel', friend.email, 'write'))
    .getByRole('button', { name: 'Close' })
    .click();

  const friendPage = await openAs(browser, friend);
  await invitation(friendPage, 'Novel').getByRole('button', { name: messages.sharing.accept }).click();
  await folderRow(friendPage, 'Novel').getByRole('button', { name: 'Novel', exact: true }).click();
  const friendList = sidebar(friendPage).getByRole('listbox', { name: 'Writings' });
  await friendList.getByRole('option').filter({ hasText: 'Chapter 1' }).click();
  const friendEditor = friendPage.locator('[data-slot="writings/Editor"]');
  await expect(friendEditor.locator('.ProseMirror')).toContainText('A dark and stormy night');

  const dialog = page.getByRole('dialog', { name: 'Share Novel' });
  await folderRow(page, 'Novel').hover();
  await folderRow(page, 'Novel').getByRole('button', { name: 'Share' }).click();
  await dialog.getByRole('button', { name: `Remove ${friend.email}` }).click();
  await expect(dialog).not.toContainText(friend.email);

  await expect(folderRow(friendPage, 'Novel')).toHaveCount(0);
  await expect(sidebar(friendPage).getByRole('button', { name: 'All writings' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(friendList.getByRole('option')).toHaveText([/My own notes/]);
  await expect(friendEditor).toContainText(messages.editor.empty);
  await friendPage.context().close();
});
