import { expect, type Locator, type Page } from '@playwright/test';
import { BACKEND } from './accounts.ts';
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

/** The link of the newest mail to `address` in the backend's mail catcher. */
export async function verificationLinkMailedTo(address: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const list = (await (await fetch(`${BACKEND.url}/mail/api/v1/messages`)).json()) as {
      messages: Array<{ ID: string; To: Array<{ Address: string }> }>;
    };
    const message = list.messages.find((entry) => entry.To.some((to) => to.Address === address));
    if (message) {
      const full = (await (await fetch(`${BACKEND.url}/mail/api/v1/message/${message.ID}`)).json()) as {
        Text: string;
      };
      const link = full.Text.match(/https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/)?.[0];
      if (link) return link.replaceAll('&amp;', '&');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${address}`);
}
