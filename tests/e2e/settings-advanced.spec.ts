import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { strFromU8, unzipSync } from 'fflate';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { openSettingsTab, signInOnLoginPage } from './support/settings-dialog.ts';
import { writingOf } from './support/writings.ts';

test.describe('the Advanced tab of the settings', () => {
  test('exports an archive holding a known writing as Markdown', async ({ page, workspace, account }) => {
    await writingOf(account, 'Lighthouse', 'The keeper wrote every night.');

    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Advanced');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export all data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^workspace-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(strFromU8(archive['writings/Unfiled/Lighthouse.md'] ?? new Uint8Array())).toBe(
      '# Lighthouse\n\nThe keeper wrote every night.\n',
    );
    expect(JSON.parse(strFromU8(archive['workspace.json'] ?? new Uint8Array())).writings).toHaveLength(1);
  });

  test('deletes the account after the password and a last question; that login then fails', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Advanced');
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Delete your account and everything in it?');
    await question.getByRole('button', { name: 'Delete account' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await signInOnLoginPage(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
  });

  test('Enter pressed twice in the password field asks, then cancels: the account stays', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Advanced');
    await dialog.getByLabel('Your password').fill(account.password);
    await dialog.getByLabel('Your password').press('Enter');
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText('Delete your account and everything in it?');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(question).toHaveCount(0);
    await expect(page).toHaveURL(/\/workspace/);
    const client = backendClient();
    const { error } = await client.auth.signInWithPassword({
      email: account.email,
      password: account.password,
    });
    expect(error).toBeNull();
  });

  test('every tab of mine passes an axe scan with no serious violations', async ({ page, workspace }) => {
    await workspace.open();
    const dialog = await workspace.openSettings();
    for (const tab of ['Account', 'Appearance', 'Editor', 'Workspace', 'Notifications', 'Advanced']) {
      await dialog.getByRole('tab', { name: tab }).click();
      const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
      const serious = results.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect({
        tab,
        serious: serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html}`),
      }).toEqual({
        tab,
        serious: [],
      });
    }
  });
});
