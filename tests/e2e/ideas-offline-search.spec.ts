import { randomUUID } from 'node:crypto';
import { messages, unsyncedSignOutText } from 'shared-kernel';
import { expect, test } from './support/fixtures.ts';
import { allowFullDevice, fillDevice } from './support/full-device.ts';
import { createIdeaCategory, IdeasPanel, openEmptyInbox, seedIdeas, serverIdeas } from './support/ideas.ts';

test('a thought captured offline survives a reload offline and reaches the server exactly once when back online', async ({
  page,
  context,
  account,
  workspace,
}) => {
  const ideas = await openEmptyInbox(workspace);
  await workspace.keptForOffline();

  await context.setOffline(true);
  await ideas.capture('Written in a tunnel');
  await expect(ideas.idea('Written in a tunnel')).toBeVisible();
  await expect(ideas.root.getByRole('status').filter({ hasText: '1 change waiting to sync' })).toBeVisible();

  await page.reload();
  // Offline, the auth gate lets the writer in after three failed session checks.
  await expect(ideas.idea('Written in a tunnel')).toBeVisible({ timeout: 20_000 });

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverIdeas(account)).map((idea) => idea.content), { timeout: 20_000 })
    .toEqual(['Written in a tunnel']);
  await expect(ideas.root.getByText('1 change waiting to sync')).toHaveCount(0);
  await page.reload();
  await expect(ideas.list.getByRole('option')).toHaveCount(1);
  expect(await serverIdeas(account)).toHaveLength(1);
});

test('signing out while a thought waits to sync asks first, and staying keeps it', async ({
  page,
  context,
  workspace,
}) => {
  const ideas = await openEmptyInbox(workspace);
  await workspace.keptForOffline();
  await context.setOffline(true);
  await ideas.capture('A line for the morning');
  await expect(ideas.root.getByText('1 change waiting to sync')).toBeVisible();

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: messages.settings.signOut }).click();
  const asked = page.getByRole('alertdialog', { name: unsyncedSignOutText(1) });
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  await expect(page).toHaveURL(/\/workspace/);
  await expect(ideas.idea('A line for the morning')).toBeVisible();
});

test('an idea moved offline stays moved across a reload offline and reaches the server in its new category once', async ({
  page,
  context,
  account,
  workspace,
}) => {
  const story = await createIdeaCategory(account, 'Story');
  await seedIdeas(account, [{ content: 'A keeper of storms' }]);
  await workspace.open();
  const ideas = new IdeasPanel(page);
  await expect(ideas.idea('A keeper of storms')).toBeVisible();
  await expect(ideas.chip('Story')).toBeVisible();
  await workspace.keptForOffline();

  await context.setOffline(true);
  await ideas.idea('A keeper of storms').click();
  await ideas.root.getByRole('combobox', { name: messages.ideas.moveTo }).selectOption({ label: 'Story' });
  await expect(ideas.root.getByText('1 change waiting to sync')).toBeVisible();
  await expect(ideas.root.getByRole('alert')).toHaveCount(0);

  await page.reload();
  await expect(ideas.idea('A keeper of storms')).toBeVisible({ timeout: 20_000 });
  await expect(ideas.root.getByText('1 change waiting to sync')).toBeVisible();

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverIdeas(account)).map((idea) => [idea.content, idea.category_id]), {
      timeout: 20_000,
    })
    .toEqual([['A keeper of storms', story]]);
  await expect(ideas.root.getByText('1 change waiting to sync')).toHaveCount(0);
  await ideas.chip('Story').click();
  await expect(ideas.list.getByRole('option')).toHaveCount(1);
  await expect(ideas.idea('A keeper of storms')).toBeVisible();
});

test('on a device with no storage left, a thought captured online reaches the server, and one captured offline is kept, listed after a reload and synced once back online', async ({
  page,
  context,
  account,
  workspace,
}) => {
  await allowFullDevice(page);
  const ideas = await openEmptyInbox(workspace);
  await workspace.keptForOffline();
  await fillDevice(page);

  await ideas.capture('Sent past a full disk');
  await expect
    .poll(async () => (await serverIdeas(account)).map((idea) => idea.content))
    .toEqual(['Sent past a full disk']);
  await expect(ideas.root.getByRole('alert')).toHaveCount(0);

  await context.setOffline(true);
  await ideas.capture('Nowhere to keep it');
  await expect(page.getByText(messages.offline.storageFull)).toBeVisible();
  await page.reload();
  await expect(ideas.idea('Nowhere to keep it')).toBeVisible({ timeout: 20_000 });

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverIdeas(account)).map((idea) => idea.content).sort(), { timeout: 20_000 })
    .toEqual(['Nowhere to keep it', 'Sent past a full disk']);
  await page.reload();
  await expect(ideas.list.getByRole('option')).toHaveCount(2);
});

test('choosing an idea in search shows the ideas panel scrolled to it and highlighted', async ({
  page,
  account,
  workspace,
}) => {
  const word = `bramble${randomUUID().slice(0, 6)}`;
  await seedIdeas(account, [
    ...Array.from({ length: 40 }, (_, index) => ({ content: `Filler idea ${index}`, ageMs: index * 60_000 })),
    { content: `The hedge at the end: ${word}`, ageMs: 100 * 60_000 },
  ]);
  await workspace.open();
  const ideas = new IdeasPanel(page);
  await expect(ideas.idea('Filler idea 0')).toBeVisible();
  await page.keyboard.press('Control+Alt+KeyI');
  await expect(ideas.root).toBeHidden();

  await page.keyboard.press('Control+Slash');
  await page.getByPlaceholder(messages.search.placeholder).fill(word);
  await page.getByRole('option').filter({ hasText: word }).click();

  const chosen = ideas.idea(word);
  await expect(chosen).toBeVisible();
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(chosen).toHaveAttribute('data-highlighted', 'true');
  await expect(chosen).toBeInViewport();
});
