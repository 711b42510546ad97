import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { backendClient } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { openSettingsTab } from './support/settings-dialog.ts';
import { seedWritings } from './support/writings.ts';

const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');

test.describe('the Editor tab of the settings', () => {
  test('spell check, tab size and focus mode reach the editor', async ({ page, workspace }) => {
    await workspace.open();
    await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
    const dialog = await openSettingsTab(workspace, 'Editor');
    await dialog.getByRole('switch', { name: 'Spell check' }).click();
    await expect(dialog.getByRole('switch', { name: 'Spell check' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await dialog.getByRole('radio', { name: '8' }).click();
    await dialog.getByRole('switch', { name: 'Focus mode' }).click();
    await expect(dialog.getByRole('slider', { name: 'Save interval' })).toHaveAttribute(
      'aria-valuenow',
      '30',
    );
    // Auto-save is on: its interval can be set, and the hint says what on means.
    await expect(dialog.getByRole('slider', { name: 'Save interval' })).toBeEnabled();
    await expect(dialog).toContainText(messages.settings.editor.autoSaveOnHint);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page
      .locator('[data-slot="writings/Sidebar"]')
      .getByRole('button', { name: messages.writings.newWriting, exact: true })
      .click();
    await expect(prose(page)).toBeFocused();
    await expect(prose(page)).toHaveAttribute('spellcheck', 'false');
    await expect(prose(page)).toHaveAttribute('data-focus-mode', 'on');

    await page.keyboard.type('Code sample');
    await page.keyboard.press('Enter');
    await page.keyboard.type('``` ');
    await page.keyboard.press('Tab');
    await page.keyboard.type('x');
    await expect(prose(page).locator('pre code')).toHaveText(`${' '.repeat(8)}x`);
    await expect(prose(page).locator('.focus-current')).toHaveCount(1);
    await expect(prose(page).locator('.code-block.focus-current')).toHaveCount(1);
  });

  test('with auto-save off, typing is saved with Cmd/Ctrl+S', async ({ page, workspace }) => {
    await workspace.open();
    await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
    const dialog = await openSettingsTab(workspace, 'Editor');
    await dialog.getByRole('switch', { name: 'Auto-save' }).click();
    await expect(dialog).toContainText(messages.settings.editor.autoSaveOffHint);
    // Off, nothing saves by itself: the interval is auto-save's.
    await expect(dialog.getByRole('slider', { name: 'Save interval' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await page
      .locator('[data-slot="writings/Sidebar"]')
      .getByRole('button', { name: messages.writings.newWriting, exact: true })
      .click();
    await expect(prose(page)).toBeFocused();
    await page.keyboard.type('Held until asked');
    const state = editorSlot(page)
      .getByRole('status')
      .filter({ hasText: /Saved|Unsaved|Saving/ });
    await page.waitForTimeout(2_000);
    await expect(state).toHaveText('Unsaved changes');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(state).toHaveText('Saved');
  });

  test('with auto-save on, a writer who keeps typing without a pause is saved at the interval', async ({
    page,
    account,
    workspace,
  }) => {
    await seedWritings(account, ['Harbour']);
    await workspace.open();
    await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
    const dialog = await openSettingsTab(workspace, 'Editor');
    const interval = dialog.getByRole('slider', { name: 'Save interval' });
    await interval.focus();
    await page.keyboard.press('Home');
    await expect(interval).toHaveAttribute('aria-valuenow', '5');
    await page.keyboard.press('Escape');
    await prose(page).getByText('About Harbour').click();
    await page.keyboard.press('End');
    // Seven seconds of typing, never stopping long enough for the save after a pause (750 ms).
    const started = Date.now();
    while (Date.now() - started < 7_000) await page.keyboard.type(' la', { delay: 120 });
    const client = backendClient();
    await client.auth.setSession(account.session);
    const { data } = await client.from('writings').select('content').single();
    expect(JSON.stringify(data?.content)).toContain('About Harbour la la');
  });
});
