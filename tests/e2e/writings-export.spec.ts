import { expect } from '@playwright/test';
import { createAccount, signInBeforeLoad } from './support/accounts.ts';
import { test } from './support/fixtures.ts';

// Export is a LITE+ feature, checked by the server (functions/src/export-writing).

async function typeWriting(page: import('@playwright/test').Page, text: string) {
  await page.goto('/workspace');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await editor.click();
  // As a writer starts a new writing: select all (the empty title and body), then type the title.
  await page.keyboard.press('ControlOrMeta+KeyA');
  await page.keyboard.type(text);
  return editor;
}

test('a paying writer downloads the open writing as Markdown and as HTML', async ({ page, workspace }) => {
  void workspace;
  const editor = await typeWriting(page, 'Harbour log');
  await page.keyboard.press('Enter');
  await page.keyboard.type('The tide came in early.');
  await editor.click({ button: 'right' });
  const markdown = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as Markdown' }).click();
  const file = await markdown;
  expect(file.suggestedFilename()).toBe('Harbour log.md');
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString()).toBe('# Harbour log\n\nThe tide came in early.\n');

  await editor.click({ button: 'right' });
  const html = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as HTML' }).click();
  expect((await html).suggestedFilename()).toBe('Harbour log.html');
});

test('a FREE writer is offered the upgrade instead', async ({ page }) => {
  await signInBeforeLoad(page, await createAccount('export-free', { plan: 'FREE' }));
  const editor = await typeWriting(page, 'Free words');
  await editor.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Download as Markdown' }).click();
  const dialog = page.getByRole('dialog', { name: 'Premium Feature' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Export is a premium feature. Upgrade to unlock full access.');
});
