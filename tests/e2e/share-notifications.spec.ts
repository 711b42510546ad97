import { messages, shareCategory } from 'shared-kernel';
import { testClientOf } from 'shared-kernel/testing';
import { BACKEND, createAccount } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { openSettingsTab } from './support/settings-dialog.ts';

// With desktop notifications on (Settings → Notifications), a share made while the workspace is open
// shows one, saying what was shared: a folder or an ideas category.

test('a folder and an ideas category shared while the page is open each show a desktop notification naming what it is', async ({
  page,
  account,
  workspace,
}) => {
  // The browser's Notification API, granted, recording what the page shows (headless Chromium has no
  // notification centre to look at).
  await page.addInitScript(() => {
    const shown: { title: string; body?: string }[] = [];
    Object.assign(window, { shownNotifications: shown });
    window.Notification = class {
      static permission = 'granted';
      static requestPermission = async () => 'granted';
      constructor(title: string, options?: { body?: string }) {
        shown.push({ title, body: options?.body });
      }
    } as unknown as typeof Notification;
  });
  await workspace.open();
  const dialog = await openSettingsTab(workspace, 'Notifications');
  await dialog.getByRole('switch', { name: messages.settings.notifications.desktop }).click();
  await expect(dialog.getByRole('switch', { name: messages.settings.notifications.desktop })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('region', { name: messages.sharing.invitations })).toHaveCount(0);

  const owner = await createAccount('owner');
  // The kernel's client, which shareCategory takes, signed in as the owner on another device.
  const client = testClientOf(BACKEND);
  await client.auth.setSession(owner.session);
  for (const [name, itemType] of [
    ['Drafts', 'writing'],
    ['Plot', 'idea'],
  ] as const) {
    const { data, error } = await client
      .from('categories')
      .insert({ user_id: owner.session.user.id, name, item_type: itemType })
      .select('id')
      .single();
    if (error) throw new Error(error.message);
    await shareCategory({
      client,
      userId: owner.session.user.id,
      categoryId: data.id,
      email: account.email,
      permission: 'read',
    });
  }

  const shown = () =>
    page.evaluate(() => (window as unknown as { shownNotifications: unknown[] }).shownNotifications);
  await expect.poll(shown).toHaveLength(2);
  expect(await shown()).toEqual(
    expect.arrayContaining([
      {
        title: messages.settings.notifications.shared('writing'),
        body: messages.sharing.invitedBy(owner.email, 'Drafts', 'writing'),
      },
      {
        title: messages.settings.notifications.shared('idea'),
        body: messages.sharing.invitedBy(owner.email, 'Plot', 'idea'),
      },
    ]),
  );
});
