import type { BrowserContext, Page } from '@playwright/test';
import { type Account, backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { WorkspacePage } from './support/workspace-page.ts';
import { seedWritings } from './support/writings.ts';

// Two tabs of one writer in one browser share the device's copy of each writing and its outbox. Each
// tab's saves must still be checked against the version its own text was made from: a tab saving over
// what the other tab saved meanwhile keeps both texts (merged into the writing, or, where both changed
// the same words, the other as a conflicted copy), never drops one silently.

const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
const pendingCount = (page: Page) => sidebarSlot(page).getByText(/changes? waiting to sync/);
const saved = (page: Page) =>
  editorSlot(page)
    .getByRole('status')
    .filter({ hasText: /^Saved$/ });

/** The text of every writing of the writer, as the server has them. */
async function serverTexts(account: Account): Promise<string> {
  const client = backendClient();
  await client.auth.setSession(account.session);
  const { data, error } = await client.from('writings').select('title, content');
  if (error) throw new Error(error.message);
  return data.map((row) => JSON.stringify(row.content)).join('\n');
}

/** A tab with the workspace open on the writing 'Harbour', its caret at the end of the paragraph. */
async function openAtEnd(page: Page): Promise<void> {
  await new WorkspacePage(page).open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await editorSlot(page).getByText('About Harbour').click();
  await page.keyboard.press('End');
}

test.beforeEach(async ({ account }) => {
  await seedWritings(account, ['Harbour']);
});

/** The writer's page (signed in by the `workspace` fixture) and a second tab, both open at the writing's end. */
async function twoTabs(page: Page, context: BrowserContext): Promise<Page> {
  await openAtEnd(page);
  const other = await context.newPage(); // signed in: it shares the first tab's storage
  await openAtEnd(other);
  return other;
}

test('two tabs typing into the same writing at once: the words of both reach the server', async ({
  page,
  context,
  account,
  workspace: _signedIn,
}) => {
  const other = await twoTabs(page, context);
  const type = async (tab: Page, words: string) => {
    for (const character of words) await tab.keyboard.insertText(character);
  };
  await Promise.all([type(page, ' Lights from the first tab.'), type(other, ' Boats from the second tab.')]);

  // Polled as text, so that a failure shows what the server has.
  const words = ['Lights from the first tab.', 'Boats from the second tab.'];
  for (const sentence of words)
    await expect.poll(() => serverTexts(account), { timeout: 20_000 }).toContain(sentence);
  await expect(saved(page)).toBeVisible();
  await expect(saved(other)).toBeVisible();
  // And it stays so once both tabs have saved whatever else they had.
  await page.waitForTimeout(2_000);
  const texts = await serverTexts(account);
  for (const sentence of words) expect(texts).toContain(sentence);
});

test('a tab offline edits a writing the other tab saved meanwhile: back online, both versions are kept', async ({
  page,
  context,
  account,
  workspace: _signedIn,
}) => {
  const other = await twoTabs(page, context);
  // This tab alone goes offline (the other stays online: the browser's network emulation of one page).
  const devtools = await context.newCDPSession(page);
  const network = (offline: boolean) =>
    devtools.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  await page.bringToFront();
  await network(true);
  await page.keyboard.type(' Written on the ferry.', { delay: 20 });
  await expect(pendingCount(page)).toBeVisible();

  await other.bringToFront();
  await other.keyboard.type(' Written at the desk.', { delay: 20 });
  await expect.poll(() => serverTexts(account)).toContain('Written at the desk.');

  await network(false);
  await page.bringToFront();
  await page.keyboard.type(' Back.', { delay: 20 });
  await expect.poll(() => serverTexts(account), { timeout: 20_000 }).toContain('Written on the ferry. Back.');
  await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
  expect(await serverTexts(account)).toContain('Written at the desk.');
});

test('a tab with nothing unsaved shows what the other tab saved, and typing there goes on from it', async ({
  page,
  context,
  account,
  workspace: _signedIn,
}) => {
  const other = await twoTabs(page, context);
  await other.bringToFront();
  await other.keyboard.type(' Boats at dawn.', { delay: 20 });
  await expect.poll(() => serverTexts(account)).toContain('About Harbour Boats at dawn.');

  await page.bringToFront();
  const paragraph = editorSlot(page).getByText('About Harbour Boats at dawn.');
  await expect(paragraph).toBeVisible();
  await paragraph.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Gulls.', { delay: 20 });
  await expect.poll(() => serverTexts(account)).toContain('About Harbour Boats at dawn. Gulls.');
  // The same writing, gone on from the other tab's text: no second version to keep.
  expect((await serverTexts(account)).split('\n')).toHaveLength(1);
});

test('two tabs edit one writing offline, each adding to its end: back online, the writing has both, and both tabs show it', async ({
  page,
  context,
  account,
  workspace: _signedIn,
}) => {
  const other = await twoTabs(page, context);
  await context.setOffline(true);
  await page.bringToFront();
  await page.keyboard.type(' Lights from the first tab.', { delay: 20 });
  await other.bringToFront();
  await other.keyboard.type(' Boats from the second tab.', { delay: 20 });
  await expect(pendingCount(other)).toBeVisible();

  await context.setOffline(false);
  await expect(pendingCount(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(pendingCount(other)).toHaveCount(0, { timeout: 20_000 });
  const client = backendClient();
  await client.auth.setSession(account.session);
  const rows = async () => {
    const { data } = await client.from('writings').select('title, content').order('title');
    return (data ?? []).map((row) => ({ title: row.title, text: JSON.stringify(row.content) }));
  };
  // One writing with both tabs' words, in the order they synced; no conflicted copy.
  const both =
    /About Harbour (Lights from the first tab\. Boats from the second tab\.|Boats from the second tab\. Lights from the first tab\.)/;
  await expect
    .poll(async () => (await rows()).map((row) => row.title), { timeout: 15_000 })
    .toEqual(['Harbour']);
  await expect.poll(async () => (await rows())[0]?.text).toMatch(both);
  const [merged = ''] = (await rows())[0]?.text.match(both) ?? [];
  // Each tab, whichever text it typed, shows the writing as the server has it, and says it is saved.
  for (const tab of [page, other]) {
    await expect(editorSlot(tab).locator('.ProseMirror')).toContainText(merged, { timeout: 10_000 });
    await expect(saved(tab)).toBeVisible();
  }
});
