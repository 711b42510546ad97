import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient } from './accounts.ts';
import { expect } from './fixtures.ts';

// The writings editor as the browser tests drive it: its slot, its text, its save state, and a writer's
// first steps in it.

/** A 1x1 transparent PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const editorSlot = (page: Page) => page.locator('[data-slot="writings/Editor"]');
export const sidebarSlot = (page: Page) => page.locator('[data-slot="writings/Sidebar"]');
export const prose = (page: Page) => editorSlot(page).locator('.ProseMirror');
export const saveState = (page: Page) =>
  editorSlot(page)
    .getByRole('status')
    .filter({ hasText: /Saved|Unsaved|Saving/ });

/** Pastes a 1x1 PNG named dot.png where the cursor is, as the clipboard of a screenshot tool would. */
export async function pasteImage(page: Page): Promise<void> {
  await prose(page).evaluate((element, base64) => {
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([bytes], 'dot.png', { type: 'image/png' }));
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, PNG_BASE64);
}

/** A new writing titled `title`, saved, with the workspace kept on the device for offline use. */
export async function savedWritingKeptForOffline(
  page: Page,
  workspace: { open(): Promise<void>; keptForOffline(): Promise<string> },
  title: string,
): Promise<void> {
  await newWriting(page, workspace);
  await page.keyboard.type(title);
  await expect(saveState(page)).toHaveText('Saved');
  await workspace.keptForOffline();
}

/** The writer's own client of the backend, signed in. */
export async function signedInClient(account: Account) {
  const client = backendClient();
  await client.auth.signInWithPassword({ email: account.email, password: account.password });
  return client;
}

/** The contents of the writer's writings on the server, as one JSON text. */
export async function serverContents(account: Account): Promise<string> {
  const client = await signedInClient(account);
  return JSON.stringify((await client.from('writings').select('content')).data);
}

/** Opens the workspace and creates a writing with New; the cursor is in its title. */
export async function newWriting(page: Page, workspace: { open(): Promise<void> }) {
  await workspace.open();
  await expect(editorSlot(page)).toHaveAttribute('data-status', 'ready');
  await sidebarSlot(page).getByRole('button', { name: messages.writings.newWriting, exact: true }).click();
  await expect(prose(page)).toBeVisible();
  await expect(prose(page)).toBeFocused();
}
