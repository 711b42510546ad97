// An idea changed in two places at once: another device, or two tabs of one browser that share the
// device's copy and queue of writes.
import type { BrowserContext, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import type { Account } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import {
  clientOf,
  deviceIdeaTexts,
  holdIdeaRequests,
  IdeasPanel,
  seedIdeas,
  serverIdeas,
} from './support/ideas.ts';
import { WorkspacePage } from './support/workspace-page.ts';

test.describe('an idea edited in two places', () => {
  test('an idea saved over a version saved elsewhere meanwhile in the same words keeps both, and the writer is told', async ({
    page,
    account,
    workspace,
  }) => {
    await seedIdeas(account, [{ content: 'Tide line' }]);
    // The save is held back until the idea has been changed on another device.
    const save = await holdIdeaRequests(page, 'PATCH');
    await workspace.open();
    const ideas = new IdeasPanel(page);
    await ideas.idea('Tide line').click();
    await expect(ideas.root.getByRole('textbox', { name: messages.ideas.editIdea })).toBeFocused();
    for (let letter = 0; letter < 'line'.length; letter += 1) await page.keyboard.press('Backspace');
    await page.keyboard.type('shore');
    await expect.poll(() => save.asked).toBe(true);
    const elsewhere = await clientOf(account);
    const { error } = await elsewhere.from('ideas').update({ content: 'Tide mark' }).neq('content', '');
    expect(error).toBeNull();
    save.release();

    await expect(ideas.root.getByText(messages.ideas.changedElsewhere('Tide shore'))).toBeVisible();
    await expect(ideas.idea('Tide mark')).toBeVisible();
    await expect
      .poll(async () => (await serverIdeas(account)).map((idea) => idea.content).sort())
      .toEqual(['Tide mark', 'Tide shore']);
  });

  test('one idea typed in two tabs while the first tab’s save is on its way gets the words of both', async ({
    page,
    context,
    account,
    workspace,
  }) => {
    // The first tab's save is held on its way until the second tab has typed.
    const save = await holdIdeaRequests(page, 'PATCH');
    const tabs = await typeInTwoTabs({ page, context, account, workspace }, () =>
      expect.poll(() => save.asked).toBe(true),
    );
    // Kept on the device, behind the save on its way.
    await expect.poll(() => deviceIdeaTexts(tabs.other, account)).toEqual(['Low Tide line']);
    save.release();
    await expectWordsOfBoth(account, tabs);
  });

  test('one idea typed in two tabs while both are offline gets the words of both once back online', async ({
    page,
    context,
    account,
    workspace,
  }) => {
    const tabs = await typeInTwoTabs({ page, context, account, workspace }, async () => {
      await context.setOffline(true);
      await expect.poll(() => deviceIdeaTexts(page, account)).toEqual(['Tide line at dawn']);
    });
    await expect.poll(() => deviceIdeaTexts(tabs.other, account)).toEqual(['Low Tide line']);
    await context.setOffline(false);
    await expectWordsOfBoth(account, tabs);
  });
});

/**
 * 'Tide line' shown in two tabs: the first types ' at dawn' at its end, then (once `meanwhile` is done)
 * the second, still showing 'Tide line', types 'Low ' at its beginning.
 */
async function typeInTwoTabs(
  {
    page,
    context,
    account,
    workspace,
  }: { page: Page; context: BrowserContext; account: Account; workspace: WorkspacePage },
  meanwhile: () => Promise<unknown>,
) {
  await seedIdeas(account, [{ content: 'Tide line' }]);
  await workspace.open();
  const other = await context.newPage(); // signed in: it shares the first tab's storage
  await new WorkspacePage(other).open();
  const here = new IdeasPanel(page);
  const there = new IdeasPanel(other);
  await here.idea('Tide line').click();
  await page.keyboard.type(' at dawn');
  await meanwhile();
  await there.idea('Tide line').click();
  await other.keyboard.press('Home');
  await other.keyboard.type('Low ');
  return { here, there, other };
}

/** The one idea has the words of both tabs, on the server and in both, and nobody is told of a clash. */
async function expectWordsOfBoth(account: Account, { here, there }: { here: IdeasPanel; there: IdeasPanel }) {
  await expect
    .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
    .toEqual(['Low Tide line at dawn']);
  for (const panel of [here, there]) await expect(panel.idea('Low Tide line at dawn')).toBeVisible();
  await expect(there.root.getByText(/was also changed elsewhere/)).toBeHidden();
}
