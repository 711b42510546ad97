import { messages } from 'shared-kernel';
import { createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { holdTableRequests } from './support/held-scripts.ts';
import {
  clientOf,
  createFolder,
  folderRow,
  list,
  row,
  seedWritings,
  shareFolder,
  sidebar,
} from './support/writings-list.ts';

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

    await folderRow(page, 'Drafts').hover();
    await folderRow(page, 'Drafts').getByRole('button', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename folder' });
    const name = rename.getByRole('textbox', { name: 'Folder name' });
    await expect(name).toHaveValue('Drafts');
    // A blank name is refused with the spec's text, and the dialog stays open with the field.
    await name.fill('  ');
    await page.keyboard.press('Enter');
    await expect(rename.getByRole('alert')).toContainText(messages.categories.nameRequired);
    await name.fill('Essays');
    await page.keyboard.press('Enter');
    await expect(folderRow(page, 'Essays')).toBeVisible();
    await expect(rename).toHaveCount(0);

    await folderRow(page, 'Essays').hover();
    await folderRow(page, 'Essays').getByRole('button', { name: 'Delete' }).click();
    const confirmation = page.getByRole('alertdialog', { name: messages.categories.confirmDeleteFolder });
    // Escape cancels: the folder stays.
    await expect(confirmation).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirmation).toHaveCount(0);
    await expect(folderRow(page, 'Essays').getByRole('button', { name: 'Delete' })).toBeFocused();
    await expect(folderRow(page, 'Essays')).toBeVisible();
    await folderRow(page, 'Essays').getByRole('button', { name: 'Delete' }).click();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(folderRow(page, 'Essays')).toHaveCount(0);
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

  test('drag-moves two selected writings into another folder, shown moved before the server has answered', async ({
    page,
    account,
    workspace,
  }) => {
    const folderId = await createFolder(account, 'Poems');
    await seedWritings(account, 3, await createFolder(account, 'Drafts'));
    await workspace.open();
    await folderRow(page, 'Drafts').getByRole('button', { name: 'Drafts' }).click();
    await expect(list(page).getByRole('option')).toHaveCount(3);
    const moves = await holdTableRequests(page, 'writings', 'PATCH');

    await row(page, 'Writing 2').click();
    await row(page, 'Writing 1').click({ modifiers: ['ControlOrMeta'] });
    await expect(list(page).locator('[aria-selected="true"]')).toHaveCount(2);
    await row(page, 'Writing 1').dragTo(folderRow(page, 'Poems'));

    // They leave the folder at once, not when the server answers.
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await folderRow(page, 'Poems').getByRole('button', { name: 'Poems' }).click();
    await expect(list(page).getByRole('option')).toHaveCount(2);
    await expect(row(page, 'Writing 2')).toBeVisible();
    await expect(row(page, 'Writing 1')).toBeVisible();
    await expect(row(page, 'Writing 0')).toHaveCount(0);
    await expect.poll(() => moves.asked).toBe(true);
    moves.release();
    const inFolder = async () => {
      const { data } = await (await clientOf(account))
        .from('writings')
        .select('title')
        .eq('category_id', folderId);
      return (data ?? []).map((writing) => writing.title).sort();
    };
    await expect.poll(inFolder).toEqual(['Writing 1', 'Writing 2']);
  });

  test('a folder shared read-only shows to the recipient as Shared (read), View only, and refuses a move into it', async ({
    page,
    account,
  }) => {
    const owner = await createAccount('owner');
    const folderId = await createFolder(owner, 'Family letters');
    await seedWritings(owner, 1, folderId);
    await shareFolder(owner, folderId, account, 'read');
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

    const moreActions = () =>
      row(page, 'Writing 0').getByRole('button', { name: messages.sidebar.moreActions });
    await expect(moreActions()).toHaveCount(1);
    await folder.getByRole('button', { name: 'Family letters' }).click();
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await expect(row(page, 'Writing 0')).toBeVisible();
    // The owner's writing is the reader's to read: no Rename, Move to folder or Delete on it.
    await expect(moreActions()).toHaveCount(0);
  });

  test("the share dialog: Share disabled while empty, unknown e-mail, one's own e-mail, sharing, permission change and removal", async ({
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
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(account.email);
    await share.click();
    await expect(dialog.getByRole('alert')).toHaveText(messages.sharing.cannotShareWithYourself);
    await expect(dialog).toContainText(messages.sharing.noCollaborators);

    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(friend.email);
    await share.click();
    await expect(dialog).toContainText(friend.email);
    // Invited, not accepted yet.
    await expect(dialog).toContainText(messages.sharing.pending);
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
