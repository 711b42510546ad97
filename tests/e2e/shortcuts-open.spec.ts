import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import type { Account } from './support/accounts.ts';
import { chatPanel, composer } from './support/chat.ts';
import { expect, test } from './support/fixtures.ts';
import { holdTableRequests } from './support/held-scripts.ts';
import { clientOf } from './support/ideas.ts';
import { writingOf } from './support/writings.ts';

const prose = (page: Page) => page.locator('[data-slot="writings/Editor"] .ProseMirror');
const sidebar = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
/** The titles of the writer's writings on the server, oldest first. */
async function serverTitles(account: Account) {
  const client = await clientOf(account);
  return (await client.from('writings').select('title').order('created_at')).data;
}

/** The server takes its time to make each new writing: the writer does not wait for it. */
function makeWritingsSlowly(page: Page) {
  return page.route('**/rest/v1/writings*', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fallback();
  });
}

const saved = (page: Page) =>
  page
    .locator('[data-slot="writings/Editor"]')
    .getByRole('status')
    .filter({ hasText: /^Saved$/ });

const newButton = (page: Page) =>
  sidebar(page).getByRole('button', { name: messages.writings.newWriting, exact: true });

/** The server's answer to the next new writing. */
const writingMade = (page: Page) =>
  page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/rest/v1/writings'),
  );

/**
 * The first of two new writings, opened from the list (it may have shown, titled 'Kept', while the second
 * was being made, or not yet): it has what was typed after its own New, and the second the paste.
 */
async function expectEachKeptItsOwn(page: Page, account: Account) {
  await sidebar(page)
    .getByText(new RegExp(`^(${messages.writings.untitled}|Kept)$`))
    .click();
  await expect(prose(page).locator('h1')).toHaveText('Kept');
  await expect(prose(page)).not.toContainText('tides');
  await expect.poll(() => serverTitles(account)).toEqual([{ title: 'Kept' }, { title: 'Spring tides' }]);
}

/** Puts two lines on the clipboard, for the writer to paste. */
async function copyTides(page: Page) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => navigator.clipboard.writeText('Spring tides\nHigh water at six.'));
}

/** The writer presses New and pastes at once (then `meanwhile`); the new writing shows the two lines, saved. */
async function pasteIntoNewWriting(page: Page, meanwhile: () => void = () => {}) {
  await page.keyboard.press('Control+Alt+KeyN');
  await page.keyboard.press('ControlOrMeta+V');
  meanwhile();
  await expect(prose(page).locator('h1')).toHaveText('Spring tides');
  await expect(prose(page).locator('p')).toHaveText('High water at six.');
  await expect(saved(page)).toBeVisible();
}

test.describe('keyboard and search reach the writings area through the bus', () => {
  test('Ctrl+Alt+N creates a writing and puts the cursor in it, even from the editor', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await expect(sidebar(page)).toContainText(messages.writings.empty);

    await page.keyboard.press('Control+Alt+KeyN');
    await expect(prose(page)).toBeFocused();
    await expect(sidebar(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(1);

    await page.keyboard.type('Typed straight away');
    await expect(sidebar(page)).toContainText('Typed straight away');
  });

  test('a writer who types the moment they press New loses no key, and the writing open before gets none', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await newButton(page).click();
    await expect(prose(page)).toBeFocused();
    await page.keyboard.type('Kept');
    await expect(saved(page)).toBeVisible();
    await makeWritingsSlowly(page);
    await newButton(page).click();
    await page.keyboard.type('Tide notes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Low water at noon.');
    await expect(prose(page).locator('h1')).toHaveText('Tide notes');
    await expect(prose(page)).toContainText('Low water at noon.');
    // From the writing, with the shortcut: nothing typed goes into the writing the cursor was in.
    await page.keyboard.press('Control+Alt+KeyN');
    await page.keyboard.type('Neap tides');
    await expect(prose(page).locator('h1')).toHaveText('Neap tides');
    await expect(saved(page)).toBeVisible();

    await expect
      .poll(() => serverTitles(account))
      .toEqual([{ title: 'Kept' }, { title: 'Tide notes' }, { title: 'Neap tides' }]);
    // The body as typed, and nothing more.
    const client = await clientOf(account);
    const contents = JSON.stringify((await client.from('writings').select('content')).data);
    expect(contents).toContain('"text":"Low water at noon."');
  });

  test('text pasted the moment the writer presses New goes into the new writing, not the one open before', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await copyTides(page);
    await newButton(page).click();
    await page.keyboard.type('Kept');
    // Shown and saved: the save bar says 'Saved' while the editor's code loads too.
    await expect(prose(page).locator('h1')).toHaveText('Kept');
    await expect(saved(page)).toBeVisible();
    // The writer pastes before the server has made the new writing.
    await makeWritingsSlowly(page);
    await pasteIntoNewWriting(page);

    await expect.poll(() => serverTitles(account)).toEqual([{ title: 'Kept' }, { title: 'Spring tides' }]);
    // The writing open before got none of it.
    const client = await clientOf(account);
    const { data: before } = await client.from('writings').select('content').eq('title', 'Kept');
    expect(JSON.stringify(before)).not.toContain('tides');
  });

  test('New pressed again before the first new writing shows: what was typed after each goes into its own writing', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await copyTides(page);
    // The first new writing is made, but is slow to show (a busy machine, its editor still loading).
    const loads = await holdTableRequests(page, 'writings', 'GET');
    const made = writingMade(page);
    await newButton(page).click();
    await page.keyboard.type('Kept');
    // Made, its load held.
    await made;
    await expect.poll(() => loads.asked).toBe(true);
    // Its load is let go with the paste.
    await pasteIntoNewWriting(page, loads.release);
    await expectEachKeptItsOwn(page, account);
  });

  test('New, typing, and New again before the server has made the first: two writings, each with its own text', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await copyTides(page);
    await makeWritingsSlowly(page);
    const asked = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes('/rest/v1/writings'),
    );
    await newButton(page).click();
    await page.keyboard.type('Kept');
    await asked;
    // Still being made (the server takes 800 ms): after typing, New is another writing, not a double click.
    await pasteIntoNewWriting(page);
    await expectEachKeptItsOwn(page, account);
  });

  test('New, then a click into the editor still showing the writing open before: what is typed goes into the new writing', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await newButton(page).click();
    await page.keyboard.type('Kept');
    await expect(saved(page)).toBeVisible();
    await makeWritingsSlowly(page);
    await newButton(page).click();
    // The server takes its time: the editor still shows 'Kept' when the writer clicks into it and types.
    await prose(page).click();
    await page.keyboard.type('Chapter 1');
    await expect(prose(page).locator('h1')).toHaveText('Chapter 1');
    await expect(saved(page)).toBeVisible();
    await expect.poll(() => serverTitles(account)).toEqual([{ title: 'Kept' }, { title: 'Chapter 1' }]);
  });

  test('New, then search or another writing before the new one is made: the writer goes where they turned', async ({
    page,
    account,
    workspace,
  }) => {
    const word = `tern${randomUUID().slice(0, 6)}`;
    await writingOf(account, 'Sea birds', `A ${word} hovers.`);
    await workspace.open();
    await expect(prose(page).locator('h1')).toHaveText('Sea birds');
    await makeWritingsSlowly(page);
    const search = page.getByPlaceholder('Search writings and ideas…');

    // Search, by its shortcut: what is typed is the query, before and after its field shows.
    await newButton(page).click();
    await page.keyboard.press('Control+Slash');
    await page.keyboard.type(word.slice(0, 3));
    await expect(search).toBeVisible();
    await page.keyboard.type(word.slice(3));
    await expect(search).toHaveValue(word);
    await page.keyboard.press('Escape');
    // The new writing was made meanwhile, and got none of the query.
    await expect(search).toBeHidden();
    await expect(prose(page).locator('h1')).toHaveText('');

    // Another writing, from the list: it stays open when the server has made the new one.
    const made = writingMade(page);
    await newButton(page).click();
    await sidebar(page).getByText('Sea birds', { exact: true }).click();
    await made;
    // Listed; the first new writing, left untouched, is gone.
    await expect(sidebar(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(1);
    await expect(prose(page).locator('h1')).toHaveText('Sea birds');
    await expect(prose(page)).toContainText(`A ${word} hovers.`);
  });

  test('New, then the chat before the new writing shows: the question typed there stays there whole', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    await workspace.expectMounted('chat/ChatPanel');
    await makeWritingsSlowly(page);
    const made = writingMade(page);
    await newButton(page).click();
    const box = composer(chatPanel(page));
    await box.click();
    // Typed as the new writing is made and shows (the server takes 800 ms).
    await page.keyboard.type('Where did I keep the tide tables?', { delay: 50 });
    await made;
    await expect(prose(page).locator('h1')).toHaveText('');
    await expect(box).toBeFocused();
    await page.keyboard.type(' And the charts?');
    await expect(box).toHaveValue('Where did I keep the tide tables? And the charts?');
    await expect(prose(page).locator('h1')).toHaveText('');
  });

  test('New clicked twice makes one writing, and what is typed goes into it', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await makeWritingsSlowly(page);
    await newButton(page).dblclick();
    await page.keyboard.type('Once');
    await expect(prose(page).locator('h1')).toHaveText('Once');
    await expect(saved(page)).toBeVisible();
    await expect.poll(() => serverTitles(account)).toEqual([{ title: 'Once' }]);
    await expect(sidebar(page).getByText(messages.writings.untitled, { exact: true })).toHaveCount(0);
  });

  test('Cmd/Ctrl+S saves at once', async ({ page, workspace }) => {
    await workspace.open();
    // The new writing made on the server first: a save waits for it, and a busy machine (CI) took longer
    // than the window below to make it.
    const created = writingMade(page);
    await newButton(page).click();
    await expect(prose(page)).toBeFocused();
    await created;
    await page.keyboard.type('Saved by shortcut');
    // Well before the 750 ms debounce: the save must come from the shortcut.
    const patched = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().includes('/rest/v1/writings'),
      { timeout: 600 },
    );
    await page.keyboard.press('ControlOrMeta+s');
    await patched;
    await expect(saved(page)).toBeVisible();
  });

  test('keys typed the moment Ctrl+/ is pressed in a writing search for them, and the writing gets none', async ({
    page,
    account,
    workspace,
  }) => {
    const word = `petrel${randomUUID().slice(0, 6)}`;
    await writingOf(account, 'Storm birds', `A ${word} skims the waves.`);
    await writingOf(account, 'Harbour log', 'Low water at noon.');
    await workspace.open();
    await prose(page).getByText('Low water at noon.').click();
    await page.keyboard.press('End');

    // The overlay's code loads the first time it opens: the writer does not wait for it.
    await page.keyboard.press('Control+Slash');
    await page.keyboard.type(word.slice(0, 4));
    await page.keyboard.press('Backspace');
    await page.keyboard.type(word.slice(3));

    await expect(page.getByPlaceholder('Search writings and ideas…')).toHaveValue(word);
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.type('x');
    await expect(page.getByPlaceholder('Search writings and ideas…')).toHaveValue(`${word}x`);
    await page.keyboard.press('Escape');
    await expect(prose(page)).toHaveText(/^Harbour log\s*Low water at noon\.$/);
  });

  test('choosing a writing in the search overlay opens it in the editor', async ({
    page,
    account,
    workspace,
  }) => {
    const word = `gannet${randomUUID().slice(0, 6)}`;
    await writingOf(account, 'Cliff birds', `A ${word} dives.`);
    await writingOf(account, 'Newer notes', 'Nothing here.');

    await workspace.open();
    await expect(prose(page).locator('h1')).toHaveText('Newer notes');

    await page.keyboard.press('Control+Slash');
    await page.getByPlaceholder('Search writings and ideas…').fill(word);
    await expect(page.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');

    await expect(prose(page).locator('h1')).toHaveText('Cliff birds');
    await expect(page.getByPlaceholder('Search writings and ideas…')).toBeHidden();
  });
});
