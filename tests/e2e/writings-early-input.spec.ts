import { writeFile } from 'node:fs/promises';
import { clickAtEnd, expectSaved, openWithEditorHeld } from './support/first-paint.ts';
import { expect, test } from './support/fixtures.ts';
import { PNG_BASE64 } from './support/writings-editor.ts';

// What the writer types, pastes and drops on the static copy of the writing that opens, while the editor's
// code is held back, lands in the editor once it is there, each where it was put.

// The editor's code is held back by routing the page's requests. A service worker's fetches are not routed
// (Playwright): one that took over and kept the version early handed the editor over unheld (the phone
// test failed so on a quiet machine).
test.use({ serviceWorkers: 'block' });

test('clicks and typing on the writing before the editor is ready land in the editor, each where it was typed', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await expect(copy.getByRole('heading', { level: 1 })).toHaveText('Tide tables');
  // Stored text is shown as text, never as markup.
  await expect(copy.getByText('Bring <b>boots</b> & a coat.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Writing', exact: true })).toHaveCount(0);

  // The writer clicks at the end of the first paragraph and types a sentence, a new line and a typo fixed.
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Slack tide aftr');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('er.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('High water at six.');
  // Then into the title, at its end.
  await copy.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('End');
  await page.keyboard.type(' (March');

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Tide tables (March');
  await expect(editor.locator('p').nth(0)).toHaveText('Low water at noon. Slack tide after.');
  await expect(editor.locator('p').nth(1)).toHaveText('High water at six.');
  await expect(copy).toHaveCount(0);
  // The editor keeps the focus: the next keys go on where the early ones stopped.
  await page.keyboard.type(')');
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Tide tables (March)');

  // It is the writing itself that changed: saved as usual.
  await expectSaved(client, id, 'High water at six.');
  await expect
    .poll(async () => (await client.from('writings').select('title').eq('id', id).single()).data?.title)
    .toBe('Tide tables (March)');
});

test('select-all and typing on the writing before the editor is ready type over all of it, as in the editor', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await copy.getByText('Low water at noon.').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Spring tides');
  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.getByRole('heading', { level: 1 })).toHaveText('Spring tides');
  await expect(editor).not.toContainText('Low water');
  await expect(editor).not.toContainText('boots');
  await expect
    .poll(async () => (await client.from('writings').select('title').eq('id', id).single()).data?.title)
    .toBe('Spring tides');
  const { data: row } = await client.from('writings').select('content').eq('id', id).single();
  expect(JSON.stringify(row?.content)).not.toContain('Low water');
});

test('a word composed with an input method before the editor is ready lands where it was composed', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await copy.getByText('Low water at noon.').click();
  await page.keyboard.press('Home');
  for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowRight');
  // A Japanese keyboard: the word shows as it is composed, then is committed; then a key.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Input.imeSetComposition', { text: 'ち', selectionStart: 1, selectionEnd: 1 });
  await devtools.send('Input.imeSetComposition', { text: '潮汐', selectionStart: 2, selectionEnd: 2 });
  await devtools.send('Input.insertText', { text: '潮汐' });
  await page.keyboard.type('!');

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.locator('p').nth(0)).toHaveText('Low潮汐! water at noon.');
  await expectSaved(client, id, 'Low潮汐! water at noon.');
});

test('text that comes with no key press (dictation, a phone’s keyboard, a paste, with its formatting) before the editor is ready lands in the editor, where the writer moved the caret', async ({
  page,
  account,
  workspace,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  const line = copy.getByText('Low water at noon.');
  const box = await line.boundingBox();
  if (!box) throw new Error('the paragraph is not laid out');
  // Clicked at the start of the line, then End: the caret is at its end.
  await line.click({ position: { x: 2, y: box.height / 2 } });
  await page.keyboard.press('End');
  // Dictation and a phone's keyboard give text, not keys.
  await page.keyboard.insertText(' Slack tide.');
  await page.evaluate(() => navigator.clipboard.writeText(' Boots on. '));
  await page.keyboard.press('ControlOrMeta+V');
  // Copied from a page with bold in it: the clipboard holds HTML beside the plain text.
  await page.evaluate(() =>
    navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob(['<strong>Rain</strong> due.'], { type: 'text/html' }),
        'text/plain': new Blob(['Rain due.'], { type: 'text/plain' }),
      }),
    ]),
  );
  await page.keyboard.press('ControlOrMeta+V');
  // Nothing of it is done to the copy meanwhile.
  await expect(line).toHaveText('Low water at noon.');

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  const first = editor.locator('p').nth(0);
  await expect(first).toHaveText('Low water at noon. Slack tide. Boots on. Rain due.');
  await expect(first.locator('strong')).toHaveText('Rain');
  // Saved with the bold, as any paste into the editor is.
  await expectSaved(client, id, 'Low water at noon. Slack tide. Boots on. ');
  await expect
    .poll(async () => {
      const { data: row } = await client.from('writings').select('content').eq('id', id).single();
      const bold: string[] = [];
      JSON.stringify(
        row?.content,
        (_key, value: { type?: string; text?: string; marks?: { type: string }[] }) => {
          if (value?.type === 'text' && value.marks?.some((mark) => mark.type === 'bold'))
            bold.push(value.text ?? '');
          return value;
        },
      );
      return bold;
    })
    .toEqual(['Rain']);
});

test('an image pasted, and one dragged in from the desktop, before the editor is ready land in the editor where they were put, and are saved', async ({
  page,
  account,
  workspace,
}, testInfo) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  // A screenshot on the clipboard, pasted at the end of the first line.
  await copy.getByText('Low water at noon.').click();
  await page.keyboard.press('End');
  await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    await navigator.clipboard.write([
      new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) }),
    ]);
  }, PNG_BASE64);
  await page.keyboard.press('ControlOrMeta+V');
  // A photo dragged from the desktop onto the last line: the browser's own drag, with the file in it.
  const photo = testInfo.outputPath('harbour.png');
  await writeFile(photo, Buffer.from(PNG_BASE64, 'base64'));
  const box = await copy.getByText('Bring <b>boots</b> & a coat.').boundingBox();
  if (!box) throw new Error('the last line is not laid out');
  const devtools = await page.context().newCDPSession(page);
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    await devtools.send('Input.dispatchDragEvent', {
      type,
      x: box.x + box.width - 2,
      y: box.y + box.height / 2,
      data: { items: [], files: [photo], dragOperationsMask: 1 },
    });
  }
  // Nothing of it is done to the copy meanwhile.
  await expect(copy.locator('img')).toHaveCount(0);

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  const images = editor.locator('img');
  for (const image of [images.nth(0), images.nth(1)])
    await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/photo-clips\//);
  // The screenshot after the first line, the photo after the last: each where it was put.
  const blocks = await editor.evaluate((element) =>
    [...element.querySelectorAll('h1, p, img')].map((block) =>
      block instanceof HTMLImageElement ? `image ${block.alt}` : block.textContent,
    ),
  );
  expect(blocks.filter(Boolean)).toEqual([
    'Tide tables',
    'Low water at noon.',
    'image image.png',
    'Bring <b>boots</b> & a coat.',
    'image harbour.png',
  ]);
  const [pasted, dropped] = await images.evaluateAll((found) =>
    found.map((image) => image.getAttribute('src')),
  );
  await expectSaved(client, id, pasted ?? 'the pasted image');
  await expectSaved(client, id, dropped ?? 'the dropped image');
});

test('a writer who goes on typing while the editor arrives loses no key', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  // A slow phone: the hand-over takes frames, and keys keep coming in between.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await clickAtEnd(copy.getByText('Low water at noon.'));

  // The editor's code arrives in the middle of the sentence.
  const sentence = ' The ferry leaves at seven and comes back when the tide turns at the harbour wall.';
  const typing = page.keyboard.type(sentence, { delay: 5 });
  await page.waitForTimeout(50);
  release();
  await typing;
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.locator('p').nth(0)).toHaveText(`Low water at noon.${sentence}`);
  await expectSaved(client, id, `Low water at noon.${sentence}`);
});

test('a writer who closes the tab after typing on the writing, before the editor is there, is asked first; staying loses nothing', async ({
  page,
  account,
  workspace,
}) => {
  const { client, id, release, copy } = await openWithEditorHeld({ page, account, workspace });
  await clickAtEnd(copy.getByText('Low water at noon.'));
  await page.keyboard.type(' Ebb at six.');

  // The browser asks before the tab closes; the writer stays.
  const asked: string[] = [];
  page.on('dialog', (dialog) => {
    asked.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => asked).toEqual(['beforeunload']);
  expect(page.isClosed()).toBe(false);

  release();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await expect(editor.locator('p').nth(0)).toHaveText('Low water at noon. Ebb at six.');
  await expectSaved(client, id, 'Low water at noon. Ebb at six.');
  // Once the editor has the keys, closing asks nothing more.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toEqual(['beforeunload']);
});
