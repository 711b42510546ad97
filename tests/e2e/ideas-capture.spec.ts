import type { Page } from '@playwright/test';
import { ideaTitle, messages } from 'shared-kernel';
import type { Account } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { holdIdeaRequests, IdeasPanel, openEmptyInbox, seedIdeas, serverIdeas } from './support/ideas.ts';
import type { WorkspacePage } from './support/workspace-page.ts';

const DAY = 24 * 60 * 60 * 1000;

/** 45 ideas "Idea number 0" (newest) to "Idea number 44", a minute apart, and the panel showing the first. */
async function openWithNumberedIdeas(page: Page, account: Account, workspace: WorkspacePage) {
  await seedIdeas(
    account,
    Array.from({ length: 45 }, (_, index) => ({ content: `Idea number ${index}`, ageMs: index * 60_000 })),
  );
  await workspace.open();
  const ideas = new IdeasPanel(page);
  await expect(ideas.idea('Idea number 0')).toBeVisible();
  // The list's scroll element: the listbox's parent.
  return { ideas, scroller: ideas.list.locator('..') };
}

test.describe('the ideas inbox', () => {
  test('a thought captured with Enter is at the top at once and on the server; Shift+Enter is a newline; blank is ignored', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [{ content: 'An older thought', ageMs: 60_000 }]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await expect(ideas.idea('An older thought')).toBeVisible();

    await ideas.composer.fill('First line');
    await ideas.composer.press('Shift+Enter');
    await ideas.composer.pressSequentially('second line');
    await ideas.composer.press('Enter');
    await expect(ideas.composer).toHaveValue('');
    await expect(ideas.list.getByRole('option').first()).toContainText('First line second line');

    await ideas.composer.fill('   ');
    await ideas.composer.press('Enter');
    await expect(ideas.list.getByRole('option')).toHaveCount(2);
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['First line\nsecond line', 'An older thought']);
  });

  test('ideas are grouped by date, newest first', async ({ page, account, workspace }) => {
    await seedIdeas(account, [
      { content: 'From today', ageMs: 0 },
      { content: 'From yesterday', ageMs: DAY },
      { content: 'From long ago', ageMs: 400 * DAY },
    ]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await expect(ideas.groupHeader(messages.ideas.dateGroups.today)).toBeVisible();
    await expect(ideas.groupHeader(messages.ideas.dateGroups.yesterday)).toBeVisible();
    const longAgo = new Date(Date.now() - 400 * DAY);
    const label = `${longAgo.toLocaleString('en-US', { month: 'long' })} ${longAgo.getFullYear()}`;
    await expect(ideas.groupHeader(label)).toBeVisible();
    const order = await ideas.list.getByRole('option').allInnerTexts();
    expect(order.map((text) => text.split('\n')[0])).toEqual([
      'From today',
      'From yesterday',
      'From long ago',
    ]);
  });

  test('an idea with a word longer than the panel shows its preview inside the panel', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [{ content: `${'Z'.repeat(70)} ${'W'.repeat(3000)}`, ageMs: 0 }]);
    await workspace.open();
    const row = new IdeasPanel(page).list.getByRole('option').first();
    // The preview (under the title, which ends in an ellipsis) wraps its long word on its two lines:
    // none of it is cut off at the panel's edge.
    const preview = row.locator(':scope > div').nth(1);
    await expect(preview).toContainText('W'.repeat(20));
    expect(
      await preview.evaluate((element) => element.scrollWidth - element.clientWidth),
    ).toBeLessThanOrEqual(1);
  });

  test('scrolling loads 20 ideas at a time until End of ideas', async ({ page, account, workspace }) => {
    const { ideas, scroller } = await openWithNumberedIdeas(page, account, workspace);
    await expect(ideas.root.getByText(messages.ideas.end)).toHaveCount(0);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      if (await ideas.root.getByText(messages.ideas.end).isVisible()) break;
      await page.waitForTimeout(200);
    }
    await expect(ideas.root.getByText(messages.ideas.end)).toBeVisible();
    await expect(ideas.idea('Idea number 44')).toBeVisible();
  });

  test('scrolled down the list, the rows in view are shown, and a thought captured meanwhile keeps the scroll where it was', async ({
    page,
    account,
    workspace,
  }) => {
    const { ideas, scroller } = await openWithNumberedIdeas(page, account, workspace);
    // Under the Today header (30 px), each idea (a short one: its title alone) is 34 px tall: idea 15 at
    // the top of the view.
    const top = 30 + 34 * 15;
    // The list may be one page (20 ideas) short of that height until the next page is there.
    await expect
      .poll(() =>
        scroller.evaluate((element, to) => {
          element.scrollTo(0, to);
          return element.scrollTop;
        }, top),
      )
      .toBe(top);
    await expect(ideas.idea('Idea number 15')).toBeVisible();
    await expect(ideas.idea('Idea number 16')).toBeVisible();
    // Only the rows in view (and a few around them) are in the page.
    await expect(ideas.idea('Idea number 0')).toHaveCount(0);

    await ideas.capture('Captured while scrolled down');
    await expect(ideas.composer).toHaveValue('');
    await expect
      .poll(async () =>
        (await serverIdeas(account)).some((idea) => idea.content === 'Captured while scrolled down'),
      )
      .toBe(true);
    expect(await scroller.evaluate((element) => element.scrollTop)).toBe(top);
    await expect(ideas.idea('Idea number 15')).toBeVisible();

    await scroller.evaluate((element) => element.scrollTo(0, 0));
    await expect(ideas.list.getByRole('option').first()).toContainText('Captured while scrolled down');
  });

  test('an idea edited in place is saved, and deleted ones are gone after a reload', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [
      { content: 'Keep me', ageMs: 0 },
      { content: 'Remove me', ageMs: 60_000 },
      { content: 'Delete me too', ageMs: 120_000 },
    ]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.idea('Keep me').click();
    const editor = ideas.root.getByRole('textbox', { name: messages.ideas.editIdea });
    // Opened to edit, the idea takes what is typed after its text.
    await expect(editor).toBeFocused();
    await page.keyboard.type(' and grow');
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toContain('Keep me and grow');

    await ideas.idea('Remove me').click();
    await ideas.idea('Delete me too').click({ modifiers: ['ControlOrMeta'] });
    await ideas.root.getByRole('button', { name: messages.ideas.delete }).click();
    // The confirmation says how many go.
    await page
      .getByRole('alertdialog', { name: messages.ideas.deleteIdeas(2) })
      .getByRole('button', { name: messages.ideas.delete })
      .click();
    await expect(ideas.idea('Remove me')).toHaveCount(0);
    await expect(ideas.idea('Delete me too')).toHaveCount(0);
    // The keyboard goes on from the list, not from the top of the page.
    await expect(ideas.idea('Keep me and grow')).toBeFocused();
    await page.reload();
    await expect(ideas.idea('Keep me and grow')).toBeVisible();
    await expect(ideas.idea('Remove me')).toHaveCount(0);
    await expect(ideas.idea('Delete me too')).toHaveCount(0);
  });

  test('an edit the server refuses once, typed on before it is sent again, stays one idea with the words typed last', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [{ content: 'Tides at the weir' }]);
    let refused = false;
    await page.route('**/rest/v1/ideas?**', async (route) => {
      if (route.request().method() !== 'PATCH' || refused) return route.fallback();
      refused = true;
      await route.fulfill({ status: 503, json: { message: 'Service unavailable' } });
    });
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.idea('Tides at the weir').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Tides at the bridge');
    await expect(ideas.root.getByText(messages.save.failed)).toBeVisible();
    await page.keyboard.type(' tonight');

    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['Tides at the bridge tonight']);
    await expect(ideas.idea('Tides at the bridge tonight')).toBeVisible();
    await expect(ideas.root.getByText(/was also changed elsewhere/)).toBeHidden();
  });

  test('the words typed into an idea just before a reload are kept and saved', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [{ content: 'Tides turn', ageMs: 0 }]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.idea('Tides turn').click();
    const editor = ideas.root.getByRole('textbox', { name: messages.ideas.editIdea });
    await editor.press('End');
    // Well within the pause before a save: the page reloads before any save was tried.
    await editor.pressSequentially(' twice a day');
    await page.reload();
    await expect(ideas.idea('Tides turn twice a day')).toBeVisible();
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['Tides turn twice a day']);
  });

  test('a thought typed but not captured is still there after a reload, and gone once captured', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.composer.click();
    await ideas.composer.pressSequentially('A harbour that');
    await ideas.composer.press('Shift+Enter');
    await ideas.composer.pressSequentially('forgets its boats');
    await page.reload();
    await expect(ideas.composer).toHaveValue('A harbour that\nforgets its boats');

    await ideas.composer.press('Enter');
    await expect(ideas.idea('A harbour that forgets its boats')).toBeVisible();
    await page.reload();
    await expect(ideas.idea('A harbour that forgets its boats')).toBeVisible();
    await expect(ideas.composer).toHaveValue('');
  });

  test('a thought captured just before a reload, before the device stored it, is there after and on the server', async ({
    page,
    account,
    workspace,
  }) => {
    const ideas = await openEmptyInbox(workspace);
    // The device's database is slow to store anything from now on: every write of the ideas' outbox
    // stays open (a read after each read keeps it from committing), as a busy or still-opening database
    // is for a moment. The reload then closes the page before the capture is on the device.
    await page.evaluate(() => {
      const transaction = IDBDatabase.prototype.transaction;
      IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args) {
        const opened = transaction.apply(this, args);
        const stores = [args[0]].flat();
        if (this.name.startsWith('ideas-offline') && args[1] === 'readwrite' && stores.includes('outbox')) {
          const outbox = opened.objectStore('outbox');
          const stall = () => {
            outbox.count().onsuccess = stall;
          };
          stall();
        }
        return opened;
      };
    });
    await ideas.composer.fill('Lighthouses keep the night');
    await ideas.composer.press('Enter');
    await expect(ideas.idea('Lighthouses keep the night')).toBeVisible();
    await page.reload();

    await expect(ideas.idea('Lighthouses keep the night')).toHaveCount(1);
    await expect(ideas.composer).toHaveValue('');
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['Lighthouses keep the night']);
  });

  test('thoughts captured before the inbox is ready are one idea each, through a reload too', async ({
    page,
    account,
    workspace,
  }) => {
    // The inbox is slow to come (its first page is held back): the writer captures meanwhile.
    const firstPage = await holdIdeaRequests(page, 'GET');
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.composer.click();
    await page.keyboard.type('The tide tables');
    await page.keyboard.press('Enter');
    await expect(ideas.composer).toHaveValue('');
    await page.keyboard.type('A heron at the weir');
    await page.keyboard.press('Enter');
    await expect(ideas.composer).toHaveValue('');
    await expect(ideas.root.getByText('A heron at the weir')).toBeVisible();
    await page.reload();
    firstPage.release();

    await expect(ideas.idea('A heron at the weir')).toHaveCount(1);
    await expect(ideas.idea('The tide tables')).toHaveCount(1);
    await expect(ideas.composer).toHaveValue('');
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
      .toEqual(['A heron at the weir', 'The tide tables']);
  });

  test('a title too long for the panel ends in an ellipsis at its edge', async ({
    page,
    account,
    workspace,
  }) => {
    const long = 'The harbour master keeps a ledger of every boat that never came back';
    await seedIdeas(account, [{ content: long }]);
    await workspace.open();
    const ideas = new IdeasPanel(page);
    const title = ideas
      .idea(long)
      .locator(`[title="${ideaTitle(long)}"] > span`)
      .last();
    await expect(title).toHaveText(ideaTitle(long));
    expect(
      await title.evaluate(
        (element) =>
          getComputedStyle(element).textOverflow === 'ellipsis' &&
          element.scrollWidth > element.clientWidth &&
          element.getBoundingClientRect().right <=
            (element.closest('[role="option"]')?.getBoundingClientRect().right ?? 0),
      ),
    ).toBe(true);
  });
});
