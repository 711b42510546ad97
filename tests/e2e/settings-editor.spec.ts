import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { openSettingsTab } from './support/settings-dialog.ts';

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
    // Auto-save is on: the interval does nothing, and the hint says what on means.
    await expect(dialog.getByRole('slider', { name: 'Save interval' })).toBeDisabled();
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
    await expect(dialog.getByRole('slider', { name: 'Save interval' })).toBeEnabled();
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
});
