import type { Browser, Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { type Account, createAccount, signInBeforeLoad } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { IdeasPanel } from './support/ideas.ts';

async function openAs(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInBeforeLoad(page, account);
  await page.goto('/workspace');
  return page;
}

test('a category shared read-only, then with write access: the recipient sees it live, cannot capture in it, then can', async ({
  page,
  workspace,
  browser,
  account,
}) => {
  const friend = await createAccount('friend');
  await workspace.open();
  const ideas = new IdeasPanel(page);
  await ideas.createCategory('Plot');
  await ideas.capture('The owner’s first plot idea');
  await expect(ideas.idea('The owner’s first plot idea')).toBeVisible();

  const friendPage = await openAs(browser, friend);
  const friendIdeas = new IdeasPanel(friendPage);
  await expect(friendIdeas.chips.getByRole('button', { name: messages.ideas.all })).toBeVisible();

  await ideas.categoryActions('Plot').getByRole('button', { name: messages.ideas.share }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Plot' });
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(friend.email);
  await dialog.getByRole('combobox', { name: 'Permission' }).selectOption('read');
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(dialog).toContainText(friend.email);

  // The recipient accepts the invitation (in the sidebar); the category appears in their chip bar live.
  const invitations = friendPage.getByRole('region', { name: messages.sharing.invitations });
  // It says it is a category of ideas: it is not among the folders beside it.
  await expect(invitations).toContainText(messages.sharing.invitedBy(account.email, 'Plot', 'idea'));
  await invitations.getByRole('button', { name: messages.sharing.accept }).click();
  await expect(friendIdeas.chip('Plot')).toContainText(
    `${messages.sharing.sharedBadge} ${messages.sharing.readSuffix}`,
  );
  await friendIdeas.chip('Plot').click();
  await expect(friendIdeas.idea('The owner’s first plot idea')).toBeVisible();
  await expect(friendIdeas.categoryActions('Plot')).toContainText(messages.sharing.viewOnly);
  await friendIdeas.capture('Not allowed here');
  await expect(friendIdeas.root.getByRole('alert')).toHaveText(
    new RegExp(messages.categories.readOnlyCreate),
  );
  await expect(friendIdeas.idea('Not allowed here')).toHaveCount(0);
  // The owner's idea can go to the chat, but is not offered to be moved or deleted.
  await friendIdeas.idea('The owner’s first plot idea').click();
  const selection = friendIdeas.root.getByRole('toolbar', { name: messages.ideas.selectedCount(1) });
  await expect(selection.getByRole('button', { name: messages.ideas.askAi })).toBeVisible();
  await expect(selection.getByRole('button', { name: messages.ideas.delete })).toHaveCount(0);
  await expect(selection.getByRole('combobox', { name: messages.ideas.moveTo })).toHaveCount(0);
  await selection.getByRole('button', { name: messages.ideas.clearSelection }).click();

  // Write access: the recipient's chip loses '(read)' live, and capturing works; the owner sees it live.
  await dialog.getByRole('combobox', { name: `Permission of ${friend.email}` }).selectOption('write');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(friendIdeas.chip('Plot')).not.toContainText(messages.sharing.readSuffix);
  await expect(friendIdeas.categoryActions('Plot')).toContainText(messages.sharing.editAccess);
  await friendIdeas.capture('From the collaborator');
  await expect(friendIdeas.idea('From the collaborator')).toBeVisible();
  // The refusal was about the capture before: it goes once a capture is taken.
  await expect(friendIdeas.root.getByRole('alert')).toHaveCount(0);
  await expect(ideas.idea('From the collaborator')).toBeVisible();
  await friendPage.context().close();
});
