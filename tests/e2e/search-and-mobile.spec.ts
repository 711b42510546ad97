import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { backendClient } from './support/accounts.ts';
import { ask } from './support/chat.ts';
import { expect, test } from './support/fixtures.ts';
import { createIdeaCategory, IdeasPanel, seedIdeas } from './support/ideas.ts';
import { createFolder, seedWritings, writingOf } from './support/writings.ts';

/**
 * The controls within `scope` a finger misses: a point 21 px from a control's centre, up, down, left or
 * right, is still the control for a target of about 44 × 44 px (less the layout's rounding), however
 * small it is drawn. Each as its name and drawn size.
 */
function missedByAFinger(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) throw new Error(`nothing matches ${selector}`);
    const controls = root.querySelectorAll<HTMLElement>('button, a[href], [role="tab"], [role="menuitem"]');
    return [...controls].flatMap((control) => {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const points = [
        [x - 21, y],
        [x + 21, y],
        [x, y - 21],
        [x, y + 21],
      ];
      const misses = points.filter(([px = 0, py = 0]) => {
        const hit = document.elementFromPoint(px, py);
        return !hit || !control.contains(hit);
      });
      const name = control.getAttribute('aria-label') ?? control.textContent?.trim();
      return misses.length > 0 ? [`${name} (${Math.round(box.width)} × ${Math.round(box.height)})`] : [];
    });
  }, scope);
}

test.describe('the search overlay', () => {
  test('finds a writing and an idea by a word, shows where each comes from, and closes with Escape', async ({
    page,
    account,
    workspace,
  }) => {
    const word = `quillwort${randomUUID().slice(0, 6)}`;
    const client = backendClient();
    await client.auth.setSession(account.session);
    await writingOf(account, 'Harbour notes', `The keeper grows ${word} by the pier.`);
    expect(
      (await client.from('ideas').insert({ content: `Plant ${word} in the window box` })).error,
    ).toBeNull();

    await workspace.open();
    await workspace.expectMounted('writings/Editor');
    await page.keyboard.press('Control+Slash');
    const input = page.getByPlaceholder('Search writings and ideas…');
    await expect(input).toBeFocused();
    await input.fill(word);

    const results = page.getByRole('option');
    await expect(results).toHaveCount(2);
    await expect(results.filter({ hasText: 'Harbour notes' })).toContainText(word);
    await expect(results.filter({ hasText: 'Harbour notes' })).toContainText(/writing/i);
    await expect(results.filter({ hasText: 'window box' })).toContainText(/idea/i);

    await input.fill(`nothing-like-${word}`);
    await expect(page.getByText('No results')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(input).toBeHidden();
  });

  test('choosing an idea brings back a hidden ideas panel', async ({ page, account, workspace }) => {
    const word = `marram${randomUUID().slice(0, 6)}`;
    const client = backendClient();
    await client.auth.setSession(account.session);
    expect((await client.from('ideas').insert({ content: `Dune grass: ${word}` })).error).toBeNull();
    await workspace.open();
    await workspace.expectMounted('ideas/IdeasPanel');
    await page.keyboard.press('Control+Alt+KeyI');
    await expect(workspace.slot('ideas/IdeasPanel')).toBeHidden();

    await page.keyboard.press('Control+Slash');
    await page.getByPlaceholder('Search writings and ideas…').fill(word);
    await page.getByRole('option').first().click();

    await expect(workspace.slot('ideas/IdeasPanel')).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows one area at a time with tabs, and a dismissible app banner that stays dismissed', async ({
    page,
    workspace,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const warnings: string[] = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await workspace.open();
    await expect(workspace.slot('writings/Editor')).toBeVisible();
    await expect(workspace.slot('chat/ChatPanel')).toHaveCount(0);
    await expect(workspace.slot('writings/Sidebar')).toHaveAttribute('data-status', 'ready');
    // The areas behind the other tabs are not downloaded before their tab is shown.
    expect(requested.filter((url) => /__federation_expose_(Chat|Ideas)Panel/.test(url))).toEqual([]);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);

    await page.getByRole('tab', { name: 'Chat' }).click();
    await expect(workspace.slot('chat/ChatPanel')).toContainText('Ready to chat!');
    await page.getByRole('tab', { name: 'Ideas' }).click();
    await expect(workspace.slot('ideas/IdeasPanel')).toContainText('No ideas yet');
    // One area at a time: no panel order or dock side to change.
    await expect(
      workspace.slot('ideas/IdeasPanel').getByRole('button', { name: 'New category' }),
    ).toBeVisible();
    for (const name of ['Swap panel order', 'Dock ideas on the other side']) {
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    }

    const banner = page.getByRole('complementary', { name: 'Mobile app' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: /dismiss|close/i }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(workspace.slot('writings/Editor')).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Mobile app' })).toHaveCount(0);
  });

  test.describe('with a finger', () => {
    test.use({ hasTouch: true });

    test('every control of the writing screen can be hit 21 px from its centre, each way', async ({
      page,
      account,
      workspace,
    }) => {
      await seedWritings(account, ['Harbour']);
      await workspace.open();
      await expect(page.getByRole('textbox', { name: 'Writing', exact: true })).toContainText(
        'About Harbour',
      );
      await expect(page.getByRole('button', { name: 'Start timer' })).toBeVisible();
      expect(await missedByAFinger(page, 'body')).toEqual([]);
    });

    test('every control of the writings list and of the ideas inbox can be hit 21 px from its centre, each way', async ({
      page,
      account,
      workspace,
    }) => {
      await seedWritings(account, ['Harbour']);
      await createFolder(account, 'Travel');
      const birds = await createIdeaCategory(account, 'Birds');
      await seedIdeas(account, [{ content: 'A heron at the weir', categoryId: birds }]);
      await workspace.open();
      await page.getByRole('button', { name: 'Writings', exact: true }).click();
      const sidebar = workspace.slot('writings/Sidebar');
      await expect(sidebar.getByRole('option', { name: /Harbour/ })).toHaveAttribute('aria-selected', 'true');
      await expect(sidebar.getByText('Travel')).toBeVisible();
      expect(await missedByAFinger(page, '[data-slot="writings/Sidebar"]')).toEqual([]);

      await page.getByRole('tab', { name: 'Ideas' }).click();
      const ideas = workspace.slot('ideas/IdeasPanel');
      await expect(ideas.getByRole('button', { name: 'Birds' })).toBeVisible();
      await expect(ideas.getByText('A heron at the weir')).toBeVisible();
      expect(await missedByAFinger(page, '[data-slot="ideas/IdeasPanel"]')).toEqual([]);
    });

    test('every item of a writing’s menu and of the Profile menu can be hit 21 px from its centre, each way', async ({
      page,
      account,
      workspace,
    }) => {
      await seedWritings(account, ['Harbour']);
      await workspace.open();
      await page.getByRole('button', { name: 'Writings', exact: true }).click();
      const sidebar = workspace.slot('writings/Sidebar');
      await sidebar
        .getByRole('option', { name: /Harbour/ })
        .getByRole('button', { name: 'More actions' })
        .tap();
      await expect(page.getByRole('menuitem', { name: 'Move to folder' })).toBeVisible();
      expect(await missedByAFinger(page, '[role="menu"]')).toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Profile' }).tap();
      await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
      expect(await missedByAFinger(page, '[role="menu"]')).toEqual([]);
    });
  });

  test('"Ask AI" shows the chat with what it adds there, and a cited note shows the tab it is on', async ({
    page,
    workspace,
  }) => {
    const tab = (name: string) => page.getByRole('tab', { name });
    await workspace.open();
    const sidebar = workspace.slot('writings/Sidebar');
    await expect(sidebar).toHaveAttribute('data-status', 'ready');
    await page.getByRole('button', { name: 'Writings', exact: true }).click();
    await sidebar.getByRole('button', { name: 'New', exact: true }).click();
    await expect(workspace.slot('writings/Editor').locator('.ProseMirror')).toBeFocused();
    await page.keyboard.type('Tide tables');
    await page.keyboard.press('Enter');
    await page.keyboard.type('High water at six.');
    // The chat's tab has never been shown: what "Ask AI" adds waits for it.
    await workspace.slot('writings/Editor').getByRole('button', { name: 'Ask AI' }).click();
    await expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
    const chat = workspace.slot('chat/ChatPanel');
    const context = chat.getByRole('list', { name: 'Context' });
    await expect(context).toContainText('Tide tables');

    await tab('Ideas').click();
    const ideas = new IdeasPanel(page);
    await ideas.capture('Boats lean on the mud');
    await ideas.idea('Boats lean on the mud').click();
    await ideas.root.getByRole('button', { name: 'Ask AI' }).click();
    await expect(tab('Chat')).toHaveAttribute('aria-selected', 'true');
    await expect(context).toContainText('Boats lean on the mud');

    await ask(chat, 'When do the boats lean on the mud?');
    // Each note once, though the writing is also the open one and retrieval finds both.
    await chat.getByText('What the model saw (2)').click();
    await chat.getByRole('button', { name: 'Boats lean on the mud', exact: true }).click();
    await expect(tab('Ideas')).toHaveAttribute('aria-selected', 'true');
    await expect(ideas.idea('Boats lean on the mud')).toBeInViewport();
    await tab('Chat').click();
    await chat.getByRole('button', { name: 'Tide tables', exact: true }).click();
    await expect(tab('Writings')).toHaveAttribute('aria-selected', 'true');
    await expect(workspace.slot('writings/Editor').locator('.ProseMirror')).toContainText(
      'High water at six.',
    );
  });

  test('a new writer starts a first writing from the empty editor', async ({ page, workspace }) => {
    await workspace.open();
    const editor = workspace.slot('writings/Editor');
    await expect(editor).toContainText('Select or create a writing');
    await editor.getByRole('button', { name: 'New writing' }).click();
    await expect(editor.locator('.ProseMirror')).toBeFocused();
    await page.keyboard.type('First light');
    await page.getByRole('button', { name: 'Writings', exact: true }).click();
    await expect(workspace.slot('writings/Sidebar').getByRole('option')).toHaveText(/First light/);
  });

  test('the Writings tab shows the list or the open writing, each on the whole screen', async ({
    page,
    account,
    workspace,
  }) => {
    await seedWritings(
      account,
      Array.from({ length: 12 }, (_, index) => `Log ${index}`),
    );
    await workspace.open();
    const sidebar = workspace.slot('writings/Sidebar');
    const editor = workspace.slot('writings/Editor');
    const back = page.getByRole('button', { name: 'Writings', exact: true });
    // The writing that opens has the screen (under the Writings button), the list none of it.
    await expect(editor.getByRole('textbox', { name: 'Writing', exact: true })).toContainText('About Log 11');
    await expect(sidebar).toBeHidden();
    const screen = page.viewportSize();
    const writingBox = await editor.boundingBox();
    if (!screen || !writingBox) throw new Error('the editor is not laid out');
    expect(writingBox.height).toBeGreaterThan(screen.height * 0.7);

    await back.click();
    await expect(editor).toBeHidden();
    await sidebar.getByRole('button', { name: 'New Folder' }).click();
    await page.keyboard.type('Letters');
    await page.keyboard.press('Enter');
    await expect(sidebar.getByRole('button', { name: 'Letters', exact: true })).toBeVisible();
    await sidebar.getByRole('button', { name: 'All writings' }).click();
    // The list has the screen under the folders: eight rows or more in view at once.
    const rows = sidebar.getByRole('option');
    await expect(rows.filter({ hasText: 'Log 11' })).toBeInViewport({ ratio: 1 });
    await expect(rows.filter({ hasText: 'Log 4' })).toBeInViewport({ ratio: 1 });

    await rows.filter({ hasText: 'Log 7' }).click();
    await expect(sidebar).toBeHidden();
    await expect(editor.getByRole('textbox', { name: 'Writing', exact: true })).toContainText('About Log 7');
    // The phone's Back returns to the list, not out of the workspace.
    await page.goBack();
    await expect(rows.filter({ hasText: 'Log 7' })).toBeVisible();
    await expect(page).toHaveURL(/\/workspace$/);
    await page.goForward();
    await expect(editor.getByRole('textbox', { name: 'Writing', exact: true })).toContainText('About Log 7');

    await back.click();
    await sidebar.getByRole('button', { name: 'New', exact: true }).click();
    await expect(editor.locator('.ProseMirror')).toBeFocused();
    await page.keyboard.type('Harbour');
    await back.click();
    await expect(rows.first()).toContainText('Harbour');
  });

  test('the save bar reads whole: its state beside the buttons, a save error on a line under them', async ({
    page,
    account,
    workspace,
  }) => {
    await seedWritings(account, ['Harbour']);
    await workspace.open();
    const editor = workspace.slot('writings/Editor');
    const writing = editor.getByRole('textbox', { name: 'Writing', exact: true });
    await expect(writing).toContainText('About Harbour');
    // The server refuses every write: the state stays unsaved, with the spec's error beside it.
    await page.route('**/rest/v1/writings*', (route) =>
      route.request().method() === 'GET'
        ? route.continue()
        : route.fulfill({ status: 500, json: { message: 'The server is down' } }),
    );
    await writing.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' A gull on the mast.');
    await expect(editor.getByRole('alert').filter({ hasText: messages.save.failed })).toBeInViewport({
      ratio: 1,
    });
    const state = editor.getByRole('status').filter({ hasText: messages.editor.unsaved });
    await expect(state).toBeVisible();
    // Its words fit its box: it read "Unsa…" beside the error and the words of Insert image.
    expect(await state.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expect(editor.getByRole('button', { name: messages.editor.insertImage })).toBeVisible();
  });
});
