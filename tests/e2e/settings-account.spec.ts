import { expect, test } from './support/fixtures.ts';
import { openSettingsTab, signInOnLoginPage, verificationLinkMailedTo } from './support/settings-dialog.ts';

test.describe('the Account tab of the settings', () => {
  test('changes the password after its rules, signs out, and the new password signs in', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Account');
    const email = dialog.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue(account.email);
    await expect(email).toHaveAttribute('readonly', '');

    const password = dialog.getByLabel('New password', { exact: true });
    const confirmation = dialog.getByLabel('Confirm new password');
    await password.fill('abcdefgh');
    await confirmation.fill('abcdefgx');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match');
    await password.fill('abc');
    await confirmation.fill('abc');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Password must be at least 6 characters');
    await password.fill('a fresh password');
    await confirmation.fill('a fresh password');
    await dialog.getByRole('button', { name: 'Update password' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Password updated successfully');

    await dialog.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Signed out successfully')).toBeVisible();

    await signInOnLoginPage(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid login credentials');
    await signInOnLoginPage(page, account.email, 'a fresh password');
    await expect(page).toHaveURL(/\/workspace$/);
  });

  test('sends a reset e-mail whose link lets the writer choose a new password', async ({
    page,
    workspace,
    account,
  }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Account');
    await dialog.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Reset email sent');

    await page.goto(await verificationLinkMailedTo(account.email));
    await expect(page).toHaveURL(/\/login\/reset-password/);
    await page.getByLabel('New password', { exact: true }).fill('reset by mail');
    await page.getByLabel('Confirm new password').fill('reset by mail');
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page).toHaveURL(/\/workspace$/);
  });

  test('saves the display name, and the Profile button shows its initial', async ({ page, workspace }) => {
    await workspace.open();
    const dialog = await openSettingsTab(workspace, 'Account');
    await dialog.getByLabel('Display name').fill('Zadie');
    await dialog.getByRole('button', { name: 'Save name' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Name saved');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Profile' })).toContainText('Z');
  });
});
