import type { Locator, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Account } from './accounts.ts';
import { expect } from './fixtures.ts';
import { holdScriptsContaining } from './held-scripts.ts';
import { clientOf } from './ideas.ts';
import type { WorkspacePage } from './workspace-page.ts';

// The first screen's static copy of the writing that opens, with the editor's code (Tiptap, ProseMirror)
// held back until the test releases it (mf-writings editor/first-paint). A service worker's fetches are not
// routed (Playwright), so the specs using this block it.

/** Holds every script with ProseMirror in it until `release()` is called. */
export const holdEditorCode = (page: Page) => holdScriptsContaining(page, 'ProseMirror');

/** The writer's one writing: a title, a line, an empty line and a line with markup in its text. */
export async function tideTables(account: Account): Promise<{ client: SupabaseClient; id: string }> {
  const client = await clientOf(account);
  const { data, error } = await client
    .from('writings')
    .insert({
      user_id: account.session.user.id,
      title: 'Tide tables',
      content: {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Tide tables' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'Low water at noon.' }] },
          { type: 'paragraph' },
          { type: 'paragraph', content: [{ type: 'text', text: 'Bring <b>boots</b> & a coat.' }] },
        ],
      },
    })
    .select('id')
    .single();
  if (error || !data) throw new Error(`the writing was not stored: ${error?.message}`);
  return { client, id: data.id };
}

/** Opens the workspace on the writer's one writing with the editor's code held back: the static copy shows. */
export async function openWithEditorHeld({
  page,
  account,
  workspace,
}: {
  page: Page;
  account: Account;
  workspace: WorkspacePage;
}) {
  const writing = await tideTables(account);
  const release = await holdEditorCode(page);
  await workspace.open({ waitUntil: 'commit' });
  return { ...writing, release, copy: page.getByTestId('static-writing') };
}

/** The stored content of the writing, once saved with `text` in it. */
export function expectSaved(client: SupabaseClient, id: string, text: string) {
  return expect
    .poll(async () => {
      const { data: row } = await client.from('writings').select('content').eq('id', id).single();
      return JSON.stringify(row?.content);
    })
    .toContain(text);
}

/** Clicks a line of the writing (the static copy's or the editor's) near its end: the caret goes there. */
export async function clickAtEnd(line: Locator): Promise<void> {
  const box = await line.boundingBox();
  if (!box) throw new Error('the line is not laid out');
  await line.click({ position: { x: box.width - 4, y: box.height / 2 } });
}
