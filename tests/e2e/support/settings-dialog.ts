import { expect, type Locator, type Page } from '@playwright/test';
import { latestMailTo, verificationLinkIn } from './mail.ts';
import type { WorkspacePage } from './workspace-page.ts';

/** Opens the settings dialog on one of its tabs. */
export async function openSettingsTab(workspace: WorkspacePage, tab: string): Promise<Locator> {
  const dialog = await workspace.openSettings();
  await dialog.getByRole('tab', { name: tab }).click();
  await expect(dialog.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
  return dialog;
}

/** Signs in on /login with an e-mail and a password. */
export async function signInOnLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The verify link of the newest mail to `address` in the backend's mail catcher. */
export async function verificationLinkMailedTo(address: string): Promise<string> {
  const link = verificationLinkIn(await latestMailTo(address));
  if (!link) throw new Error(`no link in the mail to ${address}`);
  return link;
}
