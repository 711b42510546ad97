import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, createAccount } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import {
  clickAtEnd,
  createFolder,
  editor,
  folderRow,
  list,
  openAs,
  openSharedWriting,
  prose,
  row,
  saveState,
  seedWritings,
  shareFolder,
  sidebar,
} from './support/writings-list.ts';

/**
 * The owner's writing 'Writing 0' ('Body 0') in a folder shared with a friend with write access, open on
 * the owner's page and on the friend's own page (answered).
 */
async function bothInSharedWriting(
  {
    page,
    account,
    workspace,
    browser,
  }: {
    page: Page;
    account: Account;
    workspace: { open(): Promise<void> };
    browser: Browser;
  },
  friendOptions?: BrowserContextOptions,
): Promise<Page> {
  const friend = await createAccount('friend');
  const folderId = await createFolder(account, 'Shared novel');
  await seedWritings(account, 1, folderId);
  await shareFolder(account, folderId, friend, 'write');
  await workspace.open();
  await expect(prose(page).locator('h1')).toHaveText('Writing 0');
  const friendPage = await openAs(browser, friend, friendOptions);
  await openSharedWriting(friendPage, 'Shared novel', 'Writing 0');
  return friendPage;
}

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

  test("a collaborator's edit never overwrites the owner's unsaved text, and the owner's later save keeps both texts in the writing", async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    const friendPage = await bothInSharedWriting({ page, account, workspace, browser });

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

    // The owner's save then goes through, made from the version before the friend's: both added at the
    // same place, so both words stay, in the one writing (the friend's first, saved first), and nobody is
    // told of a conflict. Each editor shows the two once its writer's changes are saved.
    releaseSave();
    await expect(saveState(page)).toHaveText('Saved');
    const both = 'Body 0 The friend adds this. The owner goes on.';
    await expect(prose(page)).toContainText(both);
    await expect(prose(friendPage)).toContainText(both);
    await expect(list(friendPage).getByRole('option')).toHaveCount(1);
    await expect(sidebar(page).getByRole('alert')).toHaveCount(0);
    await friendPage.context().close();
  });

  test('two people typing at once, each a paragraph of their own: neither loses a word, and each goes on where they were', async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    const friendPage = await bothInSharedWriting({ page, account, workspace, browser });
    for (const writer of [page, friendPage]) {
      await clickAtEnd(writer);
      await writer.keyboard.press('Enter');
    }

    // Both type at once, in two bursts with a pause between (each pause saves).
    const typing = async (writer: typeof page, bursts: string[]) => {
      for (const burst of bursts) {
        await writer.keyboard.type(burst, { delay: 40 });
        await expect(saveState(writer)).toHaveText('Saved');
      }
    };
    await Promise.all([
      typing(page, ['Gulls followed', ' the boats home.']),
      typing(friendPage, ['Rain came', ' in at dusk.']),
    ]);

    const paragraphs = ['Body 0', 'Gulls followed the boats home.', 'Rain came in at dusk.'];
    for (const writer of [page, friendPage]) {
      for (const text of paragraphs)
        await expect(prose(writer).locator('p', { hasText: text })).toHaveCount(1);
    }
    await expect(list(friendPage).getByRole('option')).toHaveCount(1);
    await expect(sidebar(page).getByRole('alert')).toHaveCount(0);
    // The friend's paragraph came into the owner's editor without moving the owner's caret out of theirs.
    await page.keyboard.type(' Then night.');
    await expect(prose(page).locator('p', { hasText: 'Gulls' })).toHaveText(
      'Gulls followed the boats home. Then night.',
    );
    await expect(saveState(page)).toHaveText('Saved');
    await expect(prose(friendPage).locator('p', { hasText: 'Gulls' })).toHaveText(
      'Gulls followed the boats home. Then night.',
    );
    await expect(prose(friendPage).locator('p', { hasText: 'Rain' })).toHaveText('Rain came in at dusk.');
    await friendPage.context().close();
  });

  test('words typed just before a reload, over a version someone has since saved over, merge with what they saved', async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    const friendPage = await bothInSharedWriting({ page, account, workspace, browser });

    // The owner adds words; while their save lands, the friend types at the paragraph's start and reloads
    // before the friend's own save (the words are kept on the device as the page goes).
    await clickAtEnd(page);
    await page.keyboard.type(' The owner saved this.', { delay: 40 });
    await clickAtEnd(friendPage);
    await friendPage.keyboard.press('Home');
    await friendPage.keyboard.type('Friend first. ', { delay: 40 });
    await friendPage.waitForTimeout(300);
    await expect(saveState(page)).toHaveText('Saved');
    await expect(saveState(friendPage)).toHaveText('Unsaved changes');
    await friendPage.reload();
    await openSharedWriting(friendPage, 'Shared novel', 'Writing 0');

    const both = 'Friend first. Body 0 The owner saved this.';
    await expect(prose(friendPage)).toContainText(both);
    await expect(saveState(friendPage)).toHaveText('Saved');
    await expect(prose(page)).toContainText(both);
    await expect(list(page).getByRole('option')).toHaveCount(1);
    await friendPage.context().close();
  });

  test('a merge whose code cannot be loaded (a release replaced it) keeps both versions whole, and the save goes through', async ({
    page,
    account,
    workspace,
    browser,
  }) => {
    // No service worker (it would keep the scripts): the friend's page has all it loads at first, and
    // any script it asks for later is gone.
    const friendPage = await bothInSharedWriting(
      { page, account, workspace, browser },
      { serviceWorkers: 'block' },
    );
    await friendPage.route('**/static/js/async/*.js', (route) => route.fulfill({ status: 404 }));

    await clickAtEnd(page);
    await page.keyboard.type(' The owner saved this.', { delay: 40 });
    await clickAtEnd(friendPage);
    await friendPage.keyboard.press('Home');
    await friendPage.keyboard.type('Friend first. ', { delay: 40 });

    await expect(saveState(friendPage)).toHaveText('Saved');
    await expect(row(friendPage, 'Writing 0 (conflicted copy)')).toBeVisible();
    await expect(prose(friendPage)).toContainText('Friend first. Body 0');
    await row(friendPage, 'Writing 0 (conflicted copy)').click();
    await expect(prose(friendPage)).toContainText('Body 0 The owner saved this.');
    await friendPage.context().close();
  });
});
