// The chat panel as a writer reaches it, for the chat's browser tests.
import { expect, type Locator, type Page } from '@playwright/test';

export const chatPanel = (page: Page) => page.getByRole('region', { name: 'Chat' });
export const composer = (panel: Locator) =>
  panel.getByRole('textbox', { name: 'Ask about your ideas and writings…' });
export const assistantReplies = (panel: Locator) => panel.locator('[data-role="assistant"]');

export async function openChat(page: Page) {
  await page.goto('/workspace');
  const panel = chatPanel(page);
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
  return panel;
}

export async function ask(panel: Locator, text: string) {
  await composer(panel).click();
  await composer(panel).fill(text);
  await composer(panel).press('Enter');
}
