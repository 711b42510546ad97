import { describe, expect, it } from 'vitest';
import {
  CHAT_MODELS,
  chatPrompt,
  chatRequestSchema,
  chatTitleFrom,
  DEFAULT_CHAT_CONFIG,
  DEFAULT_CHAT_MODEL_ID,
  readChatConfig,
} from './chat.ts';

describe('chat models', () => {
  it("offer 'auto' and 11 models of four vendors, defaulting to the second vendor's mid-size model", () => {
    const vendors = CHAT_MODELS.filter((model) => model.vendor).map((model) => model.vendor);
    expect(CHAT_MODELS[0]?.id).toBe('auto');
    expect(vendors).toHaveLength(11);
    expect(new Set(vendors)).toEqual(new Set(['openai', 'anthropic', 'google', 'deepseek']));
    expect(CHAT_MODELS.find((model) => model.id === DEFAULT_CHAT_MODEL_ID)?.vendor).toBe('anthropic');
  });
});

describe('chat config', () => {
  it('defaults to ideas, document and writings on, web search off', () => {
    expect(readChatConfig(undefined)).toEqual({
      isIdeasActive: true,
      isDocContextActive: true,
      isWritingsActive: true,
      performWebSearch: false,
      model: DEFAULT_CHAT_MODEL_ID,
    });
  });

  it('keeps what a stored config says and takes the default for what is missing or wrong', () => {
    expect(readChatConfig({ performWebSearch: true, model: 'gpt-5.4-mini' })).toMatchObject({
      performWebSearch: true,
      model: 'gpt-5.4-mini',
      isIdeasActive: true,
    });
    expect(readChatConfig({ isIdeasActive: 'yes' })).toEqual(DEFAULT_CHAT_CONFIG);
  });
});

describe('chatPrompt', () => {
  it('trims, and strips old context markers', () => {
    expect(chatPrompt('  [Context: My idea]\nWhat next?  ')).toBe('What next?');
    expect(chatPrompt('[Writing: Draft]')).toBe('');
    expect(chatPrompt('   ')).toBe('');
    expect(chatPrompt('Keep [brackets] inside text')).toBe('Keep [brackets] inside text');
  });
});

describe('chatTitleFrom', () => {
  it('is the first message on one line, cut with an ellipsis', () => {
    expect(chatTitleFrom('  Plan\nmy  novel ')).toBe('Plan my novel');
    const title = chatTitleFrom('word '.repeat(30));
    expect(title.length).toBeLessThanOrEqual(48);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('chatRequestSchema', () => {
  it('fills the defaults of a minimal request and refuses one without messages', () => {
    const parsed = chatRequestSchema.parse({
      chatId: 'c',
      messages: [{ id: 'm', role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
    });
    expect(parsed).toMatchObject({
      model: 'auto',
      isIdeasActive: true,
      performWebSearch: false,
      context: { items: [] },
    });
    expect(chatRequestSchema.safeParse({ chatId: 'c', messages: [] }).success).toBe(false);
  });
});
