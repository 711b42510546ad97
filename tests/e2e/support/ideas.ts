import { expect, type Locator, type Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, backendClient } from './accounts.ts';
import { holdTableRequests } from './held-scripts.ts';
import type { WorkspacePage } from './workspace-page.ts';

/** Page object of the ideas panel. */
export class IdeasPanel {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.locator('[data-slot="ideas/IdeasPanel"]');
  }
  get list(): Locator {
    return this.root.getByRole('listbox', { name: messages.ideas.list });
  }
  get composer(): Locator {
    return this.root.getByRole('textbox', { name: messages.ideas.composerPlaceholder });
  }
  get chips(): Locator {
    return this.root.getByRole('navigation', { name: messages.ideas.categories });
  }
  idea(text: string): Locator {
    return this.list.getByRole('option').filter({ hasText: text });
  }
  chip(name: string): Locator {
    return this.chips.locator(`[data-category-name="${name}"]`);
  }
  groupHeader(label: string): Locator {
    return this.list.locator(`[data-date-group="${label}"]`);
  }
  /** The toolbar of the chosen category (rename, share, delete, leave). */
  categoryActions(name: string): Locator {
    return this.root.getByRole('toolbar', { name });
  }

  /** Waits until the inbox is loaded and shows that it has no ideas. */
  async expectEmpty(): Promise<void> {
    await expect(this.root.getByText(messages.ideas.empty)).toBeVisible();
  }

  async capture(text: string): Promise<void> {
    await this.composer.fill(text);
    await this.composer.press('Enter');
  }

  async createCategory(name: string): Promise<void> {
    await this.chips.getByRole('button', { name: messages.ideas.newCategory }).click();
    const dialog = this.page.getByRole('dialog', { name: messages.ideas.newCategory });
    await dialog.getByRole('textbox', { name: messages.ideas.categoryName }).fill(name);
    await dialog.getByRole('button', { name: messages.ideas.create }).click();
    await expect(this.chip(name)).toHaveAttribute('aria-pressed', 'true');
  }
}

/** Opens the workspace of a writer with no ideas, once the inbox has loaded and says so. */
export async function openEmptyInbox(workspace: WorkspacePage): Promise<IdeasPanel> {
  await workspace.open();
  const ideas = new IdeasPanel(workspace.page);
  await ideas.expectEmpty();
  return ideas;
}

/** A backend client signed in as the account, to arrange data the way another session would. */
export async function clientOf(account: Account) {
  const client = backendClient();
  const { error } = await client.auth.setSession(account.session);
  if (error) throw new Error(error.message);
  return client;
}

/** Inserts ideas as the account, one per entry, with the given ages (ms before now). */
export async function seedIdeas(
  account: Account,
  ideas: readonly { content: string; ageMs?: number; categoryId?: string | null }[],
): Promise<void> {
  const client = await clientOf(account);
  const now = Date.now();
  const rows = ideas.map(({ content, ageMs = 0, categoryId = null }) => {
    const at = new Date(now - ageMs).toISOString();
    return {
      user_id: account.session.user.id,
      content,
      category_id: categoryId,
      created_at: at,
      updated_at: at,
    };
  });
  const { error } = await client.from('ideas').insert(rows);
  if (error) throw new Error(error.message);
}

/** The account's ideas on the server, newest first. */
export async function serverIdeas(
  account: Account,
): Promise<{ id: string; content: string; category_id: string | null }[]> {
  const client = await clientOf(account);
  const { data, error } = await client
    .from('ideas')
    .select('id, content, category_id')
    .eq('user_id', account.session.user.id)
    .order('updated_at', { ascending: false });
  if (error) throw new Error(error.message);
  return data;
}

/** Creates an ideas category owned by the account. */
export async function createIdeaCategory(account: Account, name: string): Promise<string> {
  const client = await clientOf(account);
  const { data, error } = await client
    .from('categories')
    .insert({ user_id: account.session.user.id, name, item_type: 'idea' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id;
}

/** Holds the page's requests of `method` to the ideas table ({@link holdTableRequests}). */
export const holdIdeaRequests = (page: Page, method: 'GET' | 'PATCH') =>
  holdTableRequests(page, 'ideas', method);

/** The texts of the ideas this browser keeps on the device (mf-ideas/src/features/offline-ideas), from IndexedDB. */
export function deviceIdeaTexts(page: Page, account: Account): Promise<string[]> {
  return page.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open(name);
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('ideas').objectStore('ideas').getAll();
          reading.onerror = () => reject(reading.error);
          reading.onsuccess = () => {
            resolve(reading.result.map((idea: { content: string }) => idea.content));
            opening.result.close();
          };
        };
      }),
    `ideas-offline:${account.session.user.id}`,
  );
}
