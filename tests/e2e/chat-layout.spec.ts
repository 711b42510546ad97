// The chat panel's layout in the side panel: the composer and the welcome of a new chat.
import { expect } from '@playwright/test';
import { messages } from 'shared-kernel';
import { ask, assistantReplies, composer, openChat } from './support/chat.ts';
import { test } from './support/fixtures.ts';

test('the composer keeps to a line or two in the side panel, its buttons under it', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChat(page);
  const field = await composer(panel).boundingBox();
  const send = await panel.getByRole('button', { name: 'Send' }).boundingBox();
  if (!field || !send) throw new Error('the composer is not laid out');
  // Beside its buttons the empty field was 105 px: its placeholder alone wrapped to four lines.
  expect(field.height).toBeLessThan(64);
  expect(send.y).toBeGreaterThanOrEqual(field.y + field.height);
});

test('a new chat shows its welcome from the title down, on a short laptop screen', async ({
  page,
  workspace,
}) => {
  void workspace;
  await page.setViewportSize({ width: 1280, height: 600 });
  const panel = await openChat(page);
  // The chat's list was scrolled to its end with no message in it: the welcome showed from the middle of
  // its text, its title cut off above.
  await expect(panel.getByText(messages.chat.readyTitle)).toBeInViewport({ ratio: 1 });
  await ask(panel, 'First question about tides');
  await expect(assistantReplies(panel)).toHaveCount(1);
  await expect(assistantReplies(panel).last()).toBeInViewport();
});
