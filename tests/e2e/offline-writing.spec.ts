import type { Page } from '@playwright/test';
import { messages, syncConflictText, unsyncedSignOutText } from 'shared-kernel';
import { BACKEND, backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { IdeasPanel } from './support/ideas.ts';
import {
  editorSlot,
  newWriting,
  openReady,
  pendingCount,
  prose,
  saveState,
  secondTab,
  serverWritings,
  sidebarSlot,
  titlesOnServer,
} from './support/offline-writing.ts';
import { WorkspacePage } from './support/workspace-page.ts';
import { moveFromRow } from './support/writings.ts';

test.describe('writing offline', () => {
  test('creates, edits and deletes writings offline, and every change reaches the server when back online', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await newWriting(page, 'Kept online', 'Before the tunnel.');
    await expect(saveState(page)).toHaveText('Saved');

    await context.setOffline(true);
    await newWriting(page, 'Written offline', 'In the tunnel.');
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    // The state beside the message is whole, not cut short by it.
    await expect(saveState(page)).toHaveText(messages.editor.unsaved);
    expect(await saveState(page).evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    // An empty Untitled writing left behind is deleted, offline too.
    await sidebarSlot(page).getByRole('button', { name: messages.writings.newWriting, exact: true }).click();
    await expect(sidebarSlot(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(1);
    await sidebarSlot(page).getByText('Kept online', { exact: true }).click();
    await expect(prose(page).locator('h1')).toHaveText('Kept online');
    await expect(sidebarSlot(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(0);
    await prose(page).getByText('Before the tunnel.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Still underground.');
    await expect(pendingCount(page)).toBeVisible();
    expect(await titlesOnServer(account)).toEqual(['Kept online']);

    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveCount(0);
    await expect(saveState(page)).toHaveText('Saved');
    const rows = await serverWritings(account);
    expect(rows.map((row) => row.title)).toEqual(['Kept online', 'Written offline']);
    expect(rows[0]?.text).toContain('Before the tunnel. Still underground.');
    expect(rows[1]?.text).toContain('In the tunnel.');
    // The writing made offline carries its server id now, in the list and the editor.
    await sidebarSlot(page).getByText('Written offline', { exact: true }).click();
    await expect(prose(page)).toContainText('In the tunnel.');
  });

  test('a writing made offline and still open says Saved once it has synced', async ({
    page,
    context,
    workspace,
  }) => {
    await openReady(page, workspace);
    await context.setOffline(true);
    await newWriting(page, 'Made on the train', 'No signal.');
    await expect(saveState(page)).toHaveText(messages.editor.unsaved);
    // Through a few sync attempts (back-off 1 s, 2 s, 4 s).
    await page.waitForTimeout(6_000);
    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
    await expect(saveState(page)).toHaveText('Saved');
  });

  test('writings made offline reach the server together and stay listed in the order they were made', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    const listed = (target: Page) =>
      sidebarSlot(target).getByRole('listbox', { name: 'Writings' }).getByRole('option');
    await openReady(page, workspace);
    await context.setOffline(true);
    await newWriting(page, 'Morning', 'one');
    await newWriting(page, 'Noon', 'two');
    await newWriting(page, 'Evening', 'three');
    await expect(pendingCount(page)).toBeVisible();
    const inserts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/rest/v1/writings'))
        inserts.push(request.url());
    });

    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveCount(0);
    await expect.poll(() => titlesOnServer(account)).toEqual(['Evening', 'Morning', 'Noon']);
    expect(inserts).toHaveLength(1);
    await page.reload();
    await expect(listed(page)).toHaveCount(3);
    expect((await listed(page).allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([
      'Evening',
      'Noon',
      'Morning',
    ]);
  });

  test('a page closed in the middle of a sync loses nothing and duplicates nothing', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await context.setOffline(true);
    await newWriting(page, 'First', 'one');
    await newWriting(page, 'Second', 'two');
    await newWriting(page, 'Third', 'three');
    // Kept on the device (the save was tried and said so).
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    await expect(pendingCount(page)).toBeVisible();

    // Back online, the first write reaches the server but its answer never comes back: the page closes.
    let reachedServer: () => void = () => {};
    const cut = new Promise<void>((resolve) => {
      reachedServer = resolve;
    });
    await page.route('**/rest/v1/writings*', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fetch();
      reachedServer();
      await route.abort('connectionreset');
    });
    await context.setOffline(false);
    await cut;
    await page.close();
    expect((await titlesOnServer(account)).length).toBeGreaterThan(0);

    const reopened = await context.newPage();
    await openReady(reopened, new WorkspacePage(reopened));
    await expect(pendingCount(reopened)).toHaveCount(0);
    await expect.poll(() => titlesOnServer(account)).toEqual(['First', 'Second', 'Third']);
    const rows = await serverWritings(account);
    expect(rows.map((row) => row.text)).toEqual([
      expect.stringContaining('one'),
      expect.stringContaining('two'),
      expect.stringContaining('three'),
    ]);
  });

  test('an offline edit of words changed elsewhere meanwhile keeps both versions, and says which is which', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await newWriting(page, 'Letter', 'Dear A,');
    await expect(saveState(page)).toHaveText('Saved');
    const [{ id } = { id: '' }] = await serverWritings(account);

    await context.setOffline(true);
    // 'Dear A,' becomes 'Dear B, written on the train.' here, and 'Dear C, written at home.' elsewhere:
    // both changed the same word, so the two texts cannot be merged.
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('B, written on the train.');
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    const elsewhere = backendClient();
    await elsewhere.auth.signInWithPassword({ email: account.email, password: account.password });
    const other = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Letter' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Dear C, written at home.' }] },
      ],
    };
    await elsewhere.from('writings').update({ content: other }).eq('id', id);

    await context.setOffline(false);
    await expect(sidebarSlot(page).getByRole('alert')).toContainText(
      syncConflictText({ title: 'Letter', copy: 'Letter (conflicted copy)' }),
    );
    const rows = await serverWritings(account);
    expect(rows.map((row) => row.title)).toEqual(['Letter', 'Letter (conflicted copy)']);
    expect(rows[0]?.text).toContain('Dear B, written on the train.');
    expect(rows[1]?.text).toContain('Dear C, written at home.');
    // The writer goes on in their own version.
    await expect(prose(page)).toContainText('Dear B, written on the train.');
    await expect(sidebarSlot(page)).toContainText('Letter (conflicted copy)');
  });

  test('two tabs write offline; back online, one syncs and both see it, with nothing doubled', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    const other = await secondTab(context);
    await context.setOffline(true);
    await newWriting(page, 'From the first tab', 'A');
    await newWriting(other, 'From the second tab', 'B');
    await expect(pendingCount(page)).toBeVisible();
    await expect(pendingCount(other)).toBeVisible();

    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveCount(0);
    await expect(pendingCount(other)).toHaveCount(0);
    await expect.poll(() => titlesOnServer(account)).toEqual(['From the first tab', 'From the second tab']);
  });
});

test.describe('reopening offline', () => {
  test('a reload while still offline finds every writing, made or changed offline, and they sync afterwards', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await newWriting(page, 'Kept online', 'Before the tunnel.');
    await expect(saveState(page)).toHaveText('Saved');
    await workspace.keptForOffline();

    await context.setOffline(true);
    await newWriting(page, 'Written offline', 'In the tunnel.');
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    await sidebarSlot(page).getByText('Kept online', { exact: true }).click();
    await prose(page).getByText('Before the tunnel.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Still in it.');
    await expect(pendingCount(page)).toHaveText(/3 changes waiting/);
    await page.reload();

    // The auth gate lets the writer in on the cached session; the list and the writing come from the device.
    await expect(sidebarSlot(page)).toContainText('Written offline', { timeout: 20_000 });
    await expect(sidebarSlot(page)).toContainText('Kept online');
    await expect(pendingCount(page)).toBeVisible();
    await sidebarSlot(page).getByText('Written offline', { exact: true }).click();
    await expect(prose(page)).toContainText('In the tunnel.');
    // Its text is on this device only: it says so after the reload too, not Saved.
    await expect(saveState(page)).toHaveText(messages.editor.unsaved);
    await sidebarSlot(page).getByText('Kept online', { exact: true }).click();
    await expect(prose(page)).toContainText('Before the tunnel. Still in it.');
    await expect(saveState(page)).toHaveText(messages.editor.unsaved);

    await context.setOffline(false);
    // The sync of the text this page shows, queued before the reload, is its save.
    await expect(saveState(page)).toHaveText('Saved', { timeout: 20_000 });
    await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => titlesOnServer(account)).toEqual(['Kept online', 'Written offline']);
  });
});

test.describe('reloading while a sync is half done', () => {
  test('a writing made offline opens with its text when only its create has reached the server', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await context.setOffline(true);
    await newWriting(page, 'Made offline', 'Typed before the create reached the server.');
    await expect(pendingCount(page)).toHaveText(/2 changes waiting/);
    // Back online, the create gets through and the edit is held on its way.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/rest/v1/writings*', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      await released;
      await route.continue().catch(() => {}); // the page that sent it may be gone
    });
    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveText(/1 change waiting/, { timeout: 20_000 });

    await page.reload();
    await expect(prose(page).locator('h1')).toHaveText('Made offline');
    await expect(prose(page)).toContainText('Typed before the create reached the server.');
    release();
    await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
    await expect.poll(() => titlesOnServer(account)).toEqual(['Made offline']);
    await expect(sidebarSlot(page).getByRole('option').filter({ hasText: 'conflicted copy' })).toHaveCount(0);
  });
});

test.describe('moving offline', () => {
  test('an edit made while the server was down syncs as soon as the server answers again, not after its backoff', async ({
    page,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await newWriting(page, 'Outage', 'Before.');
    await expect(saveState(page)).toHaveText('Saved');

    // The server is down; the device stays online (no offline or online event).
    let failedSyncs = 0;
    await page.route(`${BACKEND.url}/**`, (route) => {
      if (route.request().method() === 'PATCH' && route.request().url().includes('/rest/v1/writings'))
        failedSyncs++;
      return route.abort('connectionrefused');
    });
    await prose(page).getByText('Before.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' During.');
    // Tried at once, then after 1, 2 and 4 s: the next try is 8 s away.
    await expect.poll(() => failedSyncs, { timeout: 15_000 }).toBe(4);

    await page.unroute(`${BACKEND.url}/**`);
    await new IdeasPanel(page).capture('The server is back');
    await expect
      .poll(async () => (await serverWritings(account))[0]?.text, { timeout: 3_000 })
      .toContain('Before. During.');
    await expect(pendingCount(page)).toHaveCount(0);
  });

  test('a writing moved into a folder offline stays there through a reload, and the move reaches the server when back online', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await openReady(page, workspace);
    await newWriting(page, 'Postcard', 'From the coast.');
    await expect(saveState(page)).toHaveText('Saved');
    await moveFromRow(page, 'Postcard', 'Letters'); // made online: a new folder needs the server
    const folder = sidebarSlot(page).locator('li[data-folder-name="Letters"]');
    await expect(folder).toBeVisible();
    await sidebarSlot(page).getByRole('button', { name: 'All writings' }).click();
    await newWriting(page, 'Telegram', 'Arriving Tuesday.');
    await expect(saveState(page)).toHaveText('Saved');
    await workspace.keptForOffline();

    await context.setOffline(true);
    await moveFromRow(page, 'Telegram', 'Letters');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(sidebarSlot(page).getByRole('alert')).toHaveCount(0); // not 'Failed to move writing'
    await expect(pendingCount(page)).toBeVisible();
    await folder.getByRole('button', { name: 'Letters' }).click();
    await expect(sidebarSlot(page).getByRole('option')).toHaveText([/Telegram/, /Postcard/]);

    // A reload still offline: the folders last seen, and the writing in its new folder, from the device.
    await page.reload();
    await folder.getByRole('button', { name: 'Letters' }).click({ timeout: 20_000 });
    await expect(sidebarSlot(page).getByRole('option')).toHaveText([/Telegram/, /Postcard/]);

    await context.setOffline(false);
    await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
    const client = backendClient();
    await client.auth.signInWithPassword({ email: account.email, password: account.password });
    await expect
      .poll(async () => (await client.from('writings').select('title, category').order('title')).data)
      .toEqual([
        { title: 'Postcard', category: 'Letters' },
        { title: 'Telegram', category: 'Letters' },
      ]);
  });
});

test.describe('signing out with changes waiting', () => {
  test('asks first, and staying keeps the writer in the workspace with the changes', async ({
    page,
    context,
    workspace,
  }) => {
    await openReady(page, workspace);
    // The Profile menu is fetched on its first use: offline, it comes from the version kept for offline.
    await workspace.keptForOffline();
    await context.setOffline(true);
    await newWriting(page, 'Not synced yet', 'Still here.');
    // The typing's save has been tried (and queued): the count no longer grows.
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    await expect(pendingCount(page)).toBeVisible();
    const count = Number((await pendingCount(page).textContent())?.match(/\d+/)?.[0]);

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: messages.settings.signOut }).click();
    const asked = page.getByRole('alertdialog', { name: unsyncedSignOutText(count) });
    await expect(asked.getByRole('button', { name: messages.settings.signOut })).toBeFocused();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await expect(asked).toHaveCount(0);

    await expect(page).toHaveURL(/\/workspace/);
    await expect(sidebarSlot(page)).toContainText('Not synced yet');
  });
});
