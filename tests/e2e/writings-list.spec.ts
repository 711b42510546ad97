import type { Browser, Page } from '@playwright/test';
import { messages, syncConflictText } from 'shared-kernel';
import { type Account, backendClient, createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const list = (page: Page) => sidebar(page).getByRole('listbox', { name: 'Writings' });
const row = (page: Page, title: string) => list(page).getByRole('option').filter({ hasText: title });
const folderRow = (page: Page, name: string) => sidebar(page).locator(`li[data-folder-name="${name}"]`);
const editor = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const prose = (page: Page) => editor(page).locator('.ProseMirror');
const saveState = (page: Page) =>
  editor(page)
    .getByRole('status')
    .filter({ hasText: /^(Saved|Unsaved changes|Saving…)$/ });

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

/**
 * Shares a folder of `owner` with `recipient` the way the owner's own session would, and the recipient
 * accepts the invitation (a share gives access only then; the invitation itself is
 * share-invitations.spec.ts).
 */
async function shareFolder(
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
async function openAs(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBeforeLoad(page, account);
  await page.goto('/workspace');
  return page;
}

/** Opens a shared folder and one of its writings in the editor. */
async function openSharedWriting(page: Page, folder: string, title: string) {
  await folderRow(page, folder).getByRole('button', { name: folder }).click();
  await row(page, title).click();
  await expect(prose(page).locator('h1')).toHaveText(title);
}

/** Puts the cursor at the end of the writing's last paragraph. */
async function clickAtEnd(page: Page) {
  await prose(page).locator('p').last().click();
  await page.keyboard.press('End');
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

test.describe('a folder shared with write access', () => {
  test('a writing shared read-only opens read-only for the recipient; given write access through the share dialog, the recipient edits it and the owner sees the edit arrive live in the list and the open editor', async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    const friend = await createAccount('friend');
    const folderId = await createFolder(account, 'Shared novel');
    await seedWritings(account, 1, folderId);
    await shareFolder(account, folderId, friend, 'read');

    // The owner has the writing open (the first one opens by itself) and the list in view.
    await workspace.open();
    await expect(prose(page).locator('h1')).toHaveText('Writing 0');

    const friendPage = await openAs(browser, friend);
    await openSharedWriting(friendPage, 'Shared novel', 'Writing 0');
    await expect(prose(friendPage)).toHaveAttribute('contenteditable', 'false');
    await expect(editor(friendPage)).toContainText(messages.sharing.viewOnly);
    await folderRow(friendPage, 'Shared novel').hover();
    await expect(folderRow(friendPage, 'Shared novel')).toContainText(messages.sharing.viewOnly);

    await folderRow(page, 'Shared novel').hover();
    await folderRow(page, 'Shared novel').getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Shared novel' });
    await dialog.getByRole('combobox', { name: `Permission of ${friend.email}` }).selectOption('write');
    await expect(dialog.getByRole('combobox', { name: `Permission of ${friend.email}` })).toHaveValue(
      'write',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The recipient's page takes in the new access without a reload.
    await folderRow(friendPage, 'Shared novel').hover();
    await expect(folderRow(friendPage, 'Shared novel')).toContainText(messages.sharing.editAccess);
    await expect(folderRow(friendPage, 'Shared novel')).not.toContainText(messages.sharing.readSuffix);
    await expect(prose(friendPage)).toHaveAttribute('contenteditable', 'true');
    await expect(editor(friendPage)).not.toContainText(messages.sharing.viewOnly);

    await prose(friendPage).locator('h1').click();
    await friendPage.keyboard.press('End');
    await friendPage.keyboard.type(', revised');
    await clickAtEnd(friendPage);
    await friendPage.keyboard.type(' and a line from a friend.');
    await expect(saveState(friendPage)).toHaveText('Saved');

    // The owner sees it arrive: in the list row and in the open editor, which had no changes of its own.
    await expect(row(page, 'Writing 0, revised')).toContainText('Body 0 and a line from a friend.');
    await expect(prose(page).locator('h1')).toHaveText('Writing 0, revised');
    await expect(prose(page)).toContainText('Body 0 and a line from a friend.');
    await expect(saveState(page)).toHaveText('Saved');
    await friendPage.context().close();
  });

  test("a collaborator's edit never overwrites the owner's unsaved text, and the owner's later save keeps both versions", async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    const friend = await createAccount('friend');
    const folderId = await createFolder(account, 'Shared novel');
    await seedWritings(account, 1, folderId);
    await shareFolder(account, folderId, friend, 'write');

    await workspace.open();
    await expect(prose(page).locator('h1')).toHaveText('Writing 0');
    const friendPage = await openAs(browser, friend);
    await openSharedWriting(friendPage, 'Shared novel', 'Writing 0');

    // The owner's first save is held on the way, so the owner's text stays unsaved while the friend's arrives.
    let releaseSave = () => {};
    let held = false;
    const saveHeld = new Promise<void>((resolve) => {
      void page.route('**/rest/v1/writings?*', async (route) => {
        if (route.request().method() !== 'PATCH' || held) return route.fallback();
        held = true;
        resolve();
        await new Promise<void>((release) => {
          releaseSave = release;
        });
        await route.fallback();
      });
    });
    await clickAtEnd(page);
    await page.keyboard.type(' The owner goes on.');
    await saveHeld;

    const friendsEditArrived = page.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        response.url().includes('/rest/v1/writings?') &&
        response.url().includes('category'),
    );
    await clickAtEnd(friendPage);
    await friendPage.keyboard.type(' The friend adds this.');
    await expect(saveState(friendPage)).toHaveText('Saved');
    await friendsEditArrived;
    // Time for a wrong reload of the open writing to land, had it been asked for.
    await page.waitForTimeout(500);

    await expect(prose(page)).toContainText('Body 0 The owner goes on.');
    await expect(prose(page)).not.toContainText('The friend adds this.');
    await expect(row(page, 'Writing 0')).toContainText('Body 0 The owner goes on.');
    await expect(saveState(page)).not.toHaveText('Saved');

    // The owner's save then goes through, made from the version before the friend's: the owner's text
    // stays in the writing, the friend's is kept beside it as a conflicted copy, and the owner is told.
    releaseSave();
    await expect(saveState(page)).toHaveText('Saved');
    await expect(prose(page)).toContainText('Body 0 The owner goes on.');
    await expect(sidebar(page).getByRole('alert')).toContainText(
      syncConflictText({ title: 'Writing 0', copy: 'Writing 0 (conflicted copy)' }),
    );
    await expect(prose(friendPage)).toContainText('Body 0 The owner goes on.');
    await expect(row(friendPage, 'Writing 0 (conflicted copy)')).toContainText('The friend adds this.');
    await friendPage.context().close();
  });
});
