import { expect, type Page } from '@playwright/test';
import { messages } from 'shared-kernel';
import { FAKE_ANSWER } from '../fixtures/fake-llm/fake-llm-server.ts';
import { FAKE_LLM_PORT } from './playwright.config.ts';
import { createAccount, signInBeforeLoad } from './support/accounts.ts';
import { ask, assistantReplies, chatPanel, composer, openChat } from './support/chat.ts';
import { keptActiveChat } from './support/chat-cache.ts';
import { test } from './support/fixtures.ts';
import { IdeasPanel } from './support/ideas.ts';
import { writingOf } from './support/writings.ts';

// The chat, driven as a writer uses it, against the local backend whose chat talks to the scripted fake
// provider (tests/fixtures/fake-llm): an OpenAI-compatible model and a search service.

/** The chat with a first question asked and its answer under way. */
async function openChatWithAQuestion(page: Page) {
  const panel = await openChat(page);
  await ask(panel, 'First question about tides');
  await expect(assistantReplies(panel)).toHaveCount(1);
  return panel;
}

async function fakeRequests(page: Page): Promise<string> {
  const response = await page.request.get(`http://127.0.0.1:${FAKE_LLM_PORT}/requests`);
  return JSON.stringify(await response.json());
}

test('a question streams an answer grounded in the writer’s notes; its citation opens the writing', async ({
  page,
  workspace,
  account,
}) => {
  await writingOf(account, 'Keeper', 'The lighthouse keeper counts the ships that pass at night.');
  void workspace;
  const panel = await openChat(page);
  await ask(panel, 'What does the lighthouse keeper count?');
  await expect(composer(panel)).toHaveValue('');
  await expect(panel.locator('[data-role="user"]')).toHaveText('What does the lighthouse keeper count?');
  await expect(assistantReplies(panel).last()).toContainText(
    'From your notes: the lighthouse keeper counts the ships',
  );
  await panel.getByText('What the model saw (1)').click();
  await expect(panel.getByRole('button', { name: 'Keeper' })).toBeVisible();
  expect(await fakeRequests(page)).toContain('counts the ships that pass at night');
  await panel.getByRole('button', { name: 'Source 1' }).click();
  await expect(page.getByRole('textbox', { name: 'Writing', exact: true })).toContainText(
    'The lighthouse keeper counts the ships',
  );
});

test('Stop keeps the partial answer and the next question unsent; a failed send gives its text back, and Retry sends it again', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChat(page);
  await ask(panel, 'Tell me a long story [[slow]]');
  await expect(assistantReplies(panel).last()).toContainText('word2');
  // The next question, typed while the answer comes, stays unsent when Stop is clicked.
  await composer(panel).fill('And the ending?');
  await panel.getByRole('button', { name: 'Stop generating' }).click();
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(composer(panel)).toHaveValue('And the ending?');
  await expect(panel.locator('[data-role="user"]')).toHaveCount(1);
  const partial = await assistantReplies(panel).last().textContent();
  expect(partial).not.toContain('word39');
  await page.waitForTimeout(500);
  expect(await assistantReplies(panel).last().textContent()).toBe(partial);

  await ask(panel, 'Try this [[error-once]]');
  await expect(panel.getByRole('alert')).toContainText('Error: The fake provider failed once');
  await expect(composer(panel)).toHaveValue('Try this [[error-once]]');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantReplies(panel).last()).toContainText(FAKE_ANSWER.slice(0, 20));
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a question the server cannot be reached for says so, keeps its text, and Retry sends it once it is back', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChat(page);
  await page.route('**/functions/v1/chat', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await ask(panel, 'Where did the ferry go?');
  await expect(panel.getByRole('alert')).toContainText(messages.chat.error(messages.offline.needsConnection));
  await expect(composer(panel)).toHaveValue('Where did the ferry go?');
  // Not sent: after a reload it is in the composer only, not in the chat as if it had been asked.
  await page.reload();
  await expect(composer(panel)).toHaveValue('Where did the ferry go?');
  await expect(panel.getByText('Ready to chat!')).toBeVisible();
  await expect(panel.locator('[data-role="user"]')).toHaveCount(0);
  await page.unroute('**/functions/v1/chat');
  await composer(panel).press('Enter');
  await expect(assistantReplies(panel).last()).toContainText(FAKE_ANSWER.slice(0, 20));
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await page.route('**/functions/v1/chat', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await ask(panel, 'Where did the ferry go?');
  await expect(panel.getByRole('alert')).toContainText(messages.chat.error(messages.offline.needsConnection));
  await page.unroute('**/functions/v1/chat');
  await panel.getByRole('button', { name: 'Retry' }).click();
  await expect(assistantReplies(panel).last()).toContainText(FAKE_ANSWER.slice(0, 20));
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('a question sent the moment the page is back, before the last chat is shown again, stays with its answer', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChatWithAQuestion(page);
  await page.reload();
  // Sent as soon as the composer shows: the last chat is still being read from the device.
  await composer(panel).fill('What became of the ferry?');
  await composer(panel).press('Enter');
  // The question and its answer, last in the chat; still so once the page has settled, and after a reload.
  const lastTwo = async () => {
    const messagesShown = panel.locator('[data-role]');
    await expect(messagesShown.last()).toContainText(FAKE_ANSWER.slice(0, 20));
    await expect(messagesShown.nth(-2)).toHaveText('What became of the ferry?');
  };
  await lastTwo();
  await page.waitForTimeout(1000);
  await lastTwo();
  await page.reload();
  await lastTwo();
});

test('a message typed but not sent is still there after a reload, and gone once it is sent; a reload that cuts its answer reopens the chat with the question in it', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChat(page);
  await composer(panel).click();
  await composer(panel).pressSequentially('Which notes mention the lighthouse? [[slow]]');
  await page.reload();
  await expect(composer(panel)).toHaveValue('Which notes mention the lighthouse? [[slow]]');

  await composer(panel).press('Enter');
  await expect(assistantReplies(panel).last()).toContainText('word1');
  await expect(composer(panel)).toHaveValue('');
  // The answer is still streaming: the reload cuts it, which is not a failed send.
  await page.reload();
  await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
  await expect(composer(panel)).toHaveValue('');
  await expect(panel.locator('[data-role="user"]')).toHaveText([
    'Which notes mention the lighthouse? [[slow]]',
  ]);
  await expect(assistantReplies(panel).last()).toContainText('word1');
});

test('hostile model output renders as inert text', async ({ page, workspace }) => {
  void workspace;
  const panel = await openChat(page);
  await ask(panel, 'Say something nasty [[hostile]]');
  const reply = assistantReplies(panel).last();
  await expect(reply).toContainText('a link');
  await expect(reply.locator('img, script')).toHaveCount(0);
  await expect(reply.locator('a[href^="javascript"]')).toHaveCount(0);
  await reply.getByText('a link').click();
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
});

test('history: the chat is kept, reopened, renamed, pinned and deleted; a reload restores the last chat', async ({
  page,
  workspace,
  account,
}) => {
  void workspace;
  const panel = await openChatWithAQuestion(page);
  await expect.poll(() => keptActiveChat(page, account.session.user.id)).not.toBeNull();
  await panel.getByRole('button', { name: 'New chat' }).click();
  await expect(panel.getByText('Ready to chat!')).toBeVisible();
  // The new chat is the last one now: a reload opens it, not the chat left.
  await expect.poll(() => keptActiveChat(page, account.session.user.id)).toBeNull();

  await page.reload();
  await expect(chatPanel(page).getByText('Ready to chat!')).toBeVisible();
  await chatPanel(page).getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('button', { name: 'First question about tides' })).toBeVisible();
  await history.getByRole('button', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename chat' });
  await rename.getByRole('textbox').fill('Tides');
  await rename.getByRole('textbox').press('Enter');
  await expect(history.getByRole('button', { name: 'Tides' })).toBeVisible();
  await history.getByRole('button', { name: 'Pin' }).click();
  await expect(history.getByRole('button', { name: 'Pinned Tides' })).toBeVisible();
  await history.getByRole('button', { name: 'Pinned Tides' }).click();
  await expect(history).toBeHidden();
  await expect(chatPanel(page).locator('[data-role="user"]')).toHaveText('First question about tides');

  // The last chat comes back from the device's cache even before the server answers.
  await page.route('**/rest/v1/chat_messages*', (route) => route.abort());
  await page.reload();
  await expect(chatPanel(page).locator('[data-role="user"]')).toHaveText('First question about tides');
  await page.unroute('**/rest/v1/chat_messages*');

  await chatPanel(page).getByRole('button', { name: 'History' }).click();
  await history.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this chat?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(history.getByText('No chats yet')).toBeVisible();
});

test('a writing dropped on the chat becomes a chip and reaches the model', async ({
  page,
  workspace,
  account,
}) => {
  await writingOf(account, 'Harbour notes', 'Gulls over the harbour wall at dawn.');
  void workspace;
  const panel = await openChat(page);
  const row = page
    .getByRole('listbox', { name: 'Writings' })
    .getByRole('option')
    .filter({ hasText: 'Harbour notes' });
  await row.dragTo(panel);
  await expect(panel.getByRole('list', { name: 'Context' })).toContainText('Harbour notes');
  await ask(panel, 'Summarise the dropped note');
  await expect(assistantReplies(panel).last()).toContainText('From your notes');
  expect(await fakeRequests(page)).toContain('Gulls over the harbour wall at dawn.');
  await panel.getByRole('button', { name: 'Remove Harbour notes' }).click();
  await expect(panel.getByRole('list', { name: 'Context' })).toHaveCount(0);
});

test('with the notes-only model the answer is made of the writer’s passages', async ({
  page,
  workspace,
  account,
}) => {
  await writingOf(account, 'Orchard', 'The apple orchard blooms in the second week of May.');
  // The newest writing opens with the page: the open document, which says nothing of the orchard.
  await writingOf(account, 'Ferry', 'The ferry leaves at seven.');
  void workspace;
  const panel = await openChat(page);
  await expect(page.locator('[data-slot="writings/Editor"] .ProseMirror')).toContainText('ferry leaves');
  await panel.getByRole('combobox', { name: 'Model' }).selectOption('notes-only');
  await ask(panel, 'When does the orchard bloom?');
  const reply = assistantReplies(panel).last();
  await expect(reply).toContainText('No AI model is connected, so here is what your notes say');
  await expect(reply).toContainText('second week of May');
  // The writing on screen is not quoted as an answer to a question it says nothing about (it was quoted
  // first, whatever was asked); it stays among what the model saw.
  const [answer, saw] = ((await reply.textContent()) ?? '').split(messages.chat.whatTheModelSaw);
  expect(answer).not.toContain('ferry leaves');
  expect(saw).toContain('ferry leaves');
});

test('voice input fills the composer with what was heard', async ({ page, workspace }) => {
  void workspace;
  await page.addInitScript(() => {
    class ScriptedRecognition {
      onresult: ((event: unknown) => void) | null = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      continuous = false;
      interimResults = false;
      start() {
        setTimeout(() => this.onresult?.({ resultIndex: 0, results: [[{ transcript: 'hello from' }]] }), 50);
        setTimeout(
          () =>
            this.onresult?.({
              resultIndex: 0,
              results: [Object.assign([{ transcript: 'hello from the sea' }], { isFinal: true })],
            }),
          100,
        );
      }
      stop() {
        this.onend?.();
      }
    }
    (window as unknown as { SpeechRecognition: unknown }).SpeechRecognition = ScriptedRecognition;
  });
  const panel = await openChat(page);
  await panel.getByRole('button', { name: 'Voice input' }).click();
  await expect(composer(panel)).toHaveValue('hello from the sea');
  await panel.getByRole('button', { name: 'Stop listening' }).click();
  await expect(panel.getByRole('button', { name: 'Voice input' })).toBeVisible();
});

test('the 11th message of a FREE day opens the pricing dialog, gives the text back and says when the limit resets', async ({
  page,
}) => {
  await signInBeforeLoad(page, await createAccount('chat-free', { plan: 'FREE' }));
  const panel = await openChat(page);
  for (let sent = 1; sent <= 10; sent += 1) {
    await ask(panel, `Question ${sent}`);
    await expect(assistantReplies(panel)).toHaveCount(sent);
    await expect(panel.getByRole('button', { name: 'Send' })).toBeVisible();
  }
  await ask(panel, 'One question too many');
  await expect(page.getByRole('dialog', { name: 'Rate Limit Reached' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(composer(panel)).toHaveValue('One question too many');
  await expect(panel.locator('[data-role="user"]')).toHaveCount(10);
  // The rate limit alert, not an error to retry: when sending works again, and Upgrade.
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText("You've reached your daily limit for chat messages. Resets at");
  await expect(alert.getByRole('button', { name: messages.chat.retry })).toHaveCount(0);
  await alert.getByRole('button', { name: messages.pricing.upgrade }).click();
  await expect(page.getByRole('dialog', { name: 'Rate Limit Reached' })).toBeVisible();
});

test('an idea dragged onto the chat becomes a chip, and "Ask AI" in the editor adds the writing', async ({
  page,
  workspace,
}) => {
  void workspace;
  const panel = await openChat(page);
  const ideas = new IdeasPanel(page);
  await ideas.capture('Lighthouse keepers keep a log of every ship');
  await ideas.idea('Lighthouse keepers keep a log').dragTo(panel);
  await expect(panel.getByRole('list', { name: 'Context' })).toContainText('Lighthouse keepers keep a log');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Writing', exact: true });
  await editor.click();
  await page.keyboard.type('Ask about me');
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await expect(panel.getByRole('list', { name: 'Context' })).toContainText('Writing');
  await ask(panel, 'What ties these together?');
  await expect(assistantReplies(panel).last()).toContainText('From your notes');
  const sent = await fakeRequests(page);
  expect(sent).toContain('Lighthouse keepers keep a log of every ship');
  expect(sent).toContain('Ask about me');
});

test('"Ask AI" on an idea brings back a hidden chat with the idea in its context', async ({
  page,
  workspace,
}) => {
  await workspace.open();
  await workspace.expectMounted('chat/ChatPanel');
  await page.keyboard.press('Control+Alt+KeyC');
  await expect(workspace.slot('chat/ChatPanel')).toBeHidden();
  const ideas = new IdeasPanel(page);
  await ideas.capture('Gulls as a chorus');
  await ideas.idea('Gulls as a chorus').click();
  await ideas.root.getByRole('button', { name: 'Ask AI' }).click();
  const panel = chatPanel(page);
  await expect(panel.getByRole('list', { name: 'Context' })).toContainText('Gulls as a chorus');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the history shows each chat’s title whole, with its actions under it', async ({
    page,
    workspace,
  }) => {
    await workspace.open();
    await page.getByRole('tab', { name: 'Chat' }).click();
    const panel = chatPanel(page);
    await ask(panel, 'When is high water at the quay?');
    await expect(assistantReplies(panel).last()).not.toBeEmpty();
    await panel.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const title = history.getByText('When is high water at the quay?');
    await expect(title).toBeVisible();
    await expect
      .poll(() => title.evaluate((element) => element.scrollWidth <= element.clientWidth))
      .toBe(true);
    await expect(history.getByRole('button', { name: 'Delete' })).toBeInViewport();
  });
});
