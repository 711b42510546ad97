import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// The chat's conversation (AI SDK, Markdown) arrives after the first screen. What the writer sends
// before it is there is sent once it is, one message at a time as in the chat: never two joined as one.

/** Holds back the conversation's code (the chunk that says "Thinking") until the answer is called. */
async function holdConversationCode(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route: Route) => {
    try {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('"Thinking"')) await released;
      await route.fulfill({ response, body });
    } catch {
      // The page closed while a script was on its way (the test is over).
    }
  });
  return release;
}

test('a message sent before the chat’s code has arrived goes alone; what is typed after it stays in the box', async ({
  page,
  workspace,
}) => {
  const release = await holdConversationCode(page);
  await workspace.open();
  const panel = page.getByRole('region', { name: 'Chat' });
  const box = panel.getByRole('textbox', { name: 'Ask about your ideas and writings…' });
  await box.click();
  await page.keyboard.type('First question about tides');
  await page.keyboard.press('Enter');
  // Out of the box at once, and shown as sent.
  await expect(box).toHaveValue('');
  await expect(panel.getByText('First question about tides')).toBeVisible();
  await page.keyboard.type('A second thought');
  // As while an answer comes: the first goes alone, the second waits in the box.
  await page.keyboard.press('Enter');
  release();

  await expect(panel.locator('[data-role="assistant"]')).toHaveCount(1);
  await expect(panel.locator('[data-role="user"]')).toHaveText(['First question about tides']);
  await expect(panel.getByRole('textbox', { name: 'Ask about your ideas and writings…' })).toHaveValue(
    'A second thought',
  );
});
