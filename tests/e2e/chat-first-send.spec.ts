import { expect, test } from './support/fixtures.ts';
import { holdScriptsContaining } from './support/held-scripts.ts';

// The chat's conversation (AI SDK, Markdown) arrives after the first screen. What the writer sends
// before it is there is sent once it is, one message at a time as in the chat: never two joined as one.

// A service worker would serve the scripts past the page's routes.
test.use({ serviceWorkers: 'block' });

test('a message sent before the chat’s code has arrived goes alone; what is typed after it stays in the box', async ({
  page,
  workspace,
}) => {
  // The conversation's code (the chunk that says "Thinking") is held back until released.
  const release = await holdScriptsContaining(page, '"Thinking"');
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
