import { clickAtEnd, expectSaved, openWithEditorHeld } from './support/first-paint.ts';
import { expect, test } from './support/fixtures.ts';
import { holdTableRequests } from './support/held-scripts.ts';
import { writingOf, writingRow } from './support/writings.ts';

// What the writer types on the static copy of the writing that opens, while the editor's code is held
// back, when they then turn to another writing (open another, rename or delete this one, press New): the
// keys go into the writing they were typed on, and nowhere else.

// The editor's code is held back by routing the page's requests, which a service worker's fetches escape.
test.use({ serviceWorkers: 'block' });

test('keys typed on one writing before the editor is ready are saved in it when the writer opens another first', async ({
  page,
  account,
  workspace,
}) => {
  // An older writing: the newest, Tide tables, opens.
  const harbour = await writingOf(account, 'Harbour log', 'Moorings at dusk.');
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Ebb at six.');
  await writingRow(page, 'Harbour log').click();
  await expect(copy.getByText('Moorings at dusk.')).toBeVisible();

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Harbour log');
  await expect(editor.locator('p').nth(0)).toHaveText('Moorings at dusk.');
  // The keys went into the writing they were typed on, saved as the editor took over, where they were typed.
  await expectSaved(client, id, 'Low water at noon. Ebb at six.');
  await expect(writingRow(page, 'Tide tables')).toContainText('Low water at noon. Ebb at six.');
  const { data } = await client.from('writings').select('content').eq('id', harbour).single();
  expect(JSON.stringify(data?.content)).not.toContain('Ebb');
  // Leaving asks nothing: no key waits any more.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await writingRow(page, 'Tide tables').click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Tide tables');
  await expect(editor.locator('p').nth(0)).toHaveText('Low water at noon. Ebb at six.');
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual([]);
});

test('keys typed on a writing renamed from the list before the editor is ready go into it with its new name', async ({
  page,
  account,
  workspace,
}) => {
  await writingOf(account, 'Harbour log', 'Moorings at dusk.');
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Ebb at six.');
  await writingRow(page, 'Harbour log').click();
  await expect(copy.getByText('Moorings at dusk.')).toBeVisible();
  await writingRow(page, 'Tide tables').hover();
  await writingRow(page, 'Tide tables').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename writing' });
  await rename.getByRole('textbox', { name: 'Title' }).fill('Spring tables');
  await rename.getByRole('button', { name: 'Rename' }).click();
  const storedTitle = async () =>
    (await client.from('writings').select('title').eq('id', id).single()).data?.title;
  await expect.poll(storedTitle).toBe('Spring tables');

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Harbour log');
  await writingRow(page, 'Spring tables').click();
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Spring tables');
  await expect(editor.locator('p').nth(0)).toHaveText('Low water at noon. Ebb at six.');
  await expectSaved(client, id, 'Low water at noon. Ebb at six.');
  expect(await storedTitle()).toBe('Spring tables');
});

test('another writing opened before the editor is ready shows once its copy has arrived, never under the last one’s text', async ({
  page,
  account,
  workspace,
}) => {
  // Older than the two the list loads whole: its copy is asked for when it is opened.
  await writingOf(account, 'Harbour log', 'Moorings at dusk.');
  await writingOf(account, 'Pier notes', 'Gulls at the pier.');
  const { release, copy } = await openWithEditorHeld({ page, account, workspace });
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Ebb at six.');
  const copyOfHarbour = await holdTableRequests(page, 'writings', 'GET');
  await writingRow(page, 'Harbour log').click();
  await expect.poll(() => copyOfHarbour.asked).toBe(true);
  // On its way: the last writing's text is gone, so nothing is typed over it in this one's name.
  await expect(copy.getByText('Low water at noon.')).toHaveCount(0);

  copyOfHarbour.release();
  await expect(copy.getByText('Moorings at dusk.')).toBeVisible();
  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.locator('p').nth(0)).toHaveText('Moorings at dusk.');
});

test('keys typed after New and then on the new writing’s copy, before the editor is ready, all go into it in order', async ({
  page,
  account,
  workspace,
}) => {
  const { release, copy } = await openWithEditorHeld({ page, account, workspace });
  await expect(copy.getByText('Low water at noon.')).toBeVisible();
  await page
    .locator('[data-slot="writings/Sidebar"]')
    .getByRole('button', { name: 'New', exact: true })
    .click();
  await page.keyboard.type('Neap');
  await expect(writingRow(page, 'Untitled')).toBeVisible();
  await expect(copy.getByText('Low water at noon.')).toHaveCount(0);
  // Then into the new writing's copy (its empty title).
  await copy.click({ position: { x: 40, y: 20 } });
  await page.keyboard.type(' tides');

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Neap tides');
  // The caret is where the writer left it: what comes next follows on.
  await page.keyboard.type(' at dawn');
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Neap tides at dawn');
  await expect(writingRow(page, 'Neap tides at dawn')).toBeVisible();
});

test('a writing deleted after typing on it, before the editor is there, takes its keys along: leaving asks nothing', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, copy } = await openWithEditorHeld({ page, account, workspace });
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Ebb at six.');
  await writingRow(page, 'Tide tables').hover();
  await writingRow(page, 'Tide tables').getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete “Tide tables”? It cannot be undone.' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(writingRow(page, 'Tide tables')).toHaveCount(0);
  await expect.poll(async () => (await client.from('writings').select('id').eq('id', id)).data).toEqual([]);

  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual([]);
});
