import { z } from '../contracts/zod.ts';
import { previewText } from './text.ts';

/** The model vendors of the selector (docs/product.md, Chat, Models). */
export type ChatVendor = 'openai' | 'anthropic' | 'google' | 'deepseek';

/** One entry of the model selector. */
export interface ChatModel {
  /** What the client sends as `model`. */
  id: string;
  label: string;
  /** Absent for the two models the server provides itself ('auto' is not a model). */
  vendor?: ChatVendor;
  /** Advanced models are a LITE+ feature (`advanced_chat`). */
  advanced: boolean;
}

/** 'auto': the default model when its vendor is configured, else the first configured one. */
export const AUTO_MODEL_ID = 'auto';
/** The model at an OpenAI-compatible base URL (Ollama, llama.cpp), when one is configured. */
export const LOCAL_MODEL_ID = 'local';
/** Answers from the writer's notes alone, with no AI model: always there, and what 'auto' falls back to. */
export const NOTES_ONLY_MODEL_ID = 'notes-only';

/**
 * 'auto' and the 11 models of four vendors: a flagship and two smaller (OpenAI), two larger and one
 * small (Anthropic), two Pro-class and one Flash-class (Google), a chat and a reasoning model (DeepSeek).
 */
export const CHAT_MODELS: readonly ChatModel[] = [
  { id: AUTO_MODEL_ID, label: 'Auto', advanced: false },
  { id: 'gpt-6-astra', label: 'GPT-6 Astra', vendor: 'openai', advanced: true },
  { id: 'gpt-5.4-mini', label: 'GPT-5.4 mini', vendor: 'openai', advanced: false },
  { id: 'gpt-5.4-nano', label: 'GPT-5.4 nano', vendor: 'openai', advanced: false },
  { id: 'claude-opus-5-5', label: 'Claude Opus 5.5', vendor: 'anthropic', advanced: true },
  { id: 'claude-sonnet-5-5', label: 'Claude Sonnet 5.5', vendor: 'anthropic', advanced: false },
  { id: 'claude-haiku-5-5', label: 'Claude Haiku 5.5', vendor: 'anthropic', advanced: false },
  { id: 'gemini-3.1-pro-preview', label: 'Gemini 3.1 Pro', vendor: 'google', advanced: true },
  { id: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro', vendor: 'google', advanced: true },
  { id: 'gemini-3.8-flash', label: 'Gemini 3.8 Flash', vendor: 'google', advanced: false },
  { id: 'deepseek-chat', label: 'DeepSeek Chat', vendor: 'deepseek', advanced: false },
  { id: 'deepseek-reasoner', label: 'DeepSeek Reasoner', vendor: 'deepseek', advanced: true },
];

/** The second vendor's mid-size model. */
export const DEFAULT_CHAT_MODEL_ID = 'claude-sonnet-5-5';

/** The per-user chat settings, kept in user metadata `chat_config` and in browser storage. */
export const chatConfigSchema = z.object({
  isIdeasActive: z.boolean(),
  isDocContextActive: z.boolean(),
  isWritingsActive: z.boolean(),
  performWebSearch: z.boolean(),
  model: z.string(),
});
export type ChatConfig = z.infer<typeof chatConfigSchema>;

export const DEFAULT_CHAT_CONFIG: ChatConfig = {
  isIdeasActive: true,
  isDocContextActive: true,
  isWritingsActive: true,
  performWebSearch: false,
  model: DEFAULT_CHAT_MODEL_ID,
};

/** A stored or unknown value as a complete config: what is missing or wrong takes the default. */
export function readChatConfig(value: unknown): ChatConfig {
  const partial = z.partial(chatConfigSchema).safeParse(value);
  return { ...DEFAULT_CHAT_CONFIG, ...(partial.success ? partial.data : {}) };
}

/** The shape of a context item on the wire (the bus's `chat.context-add`, the chat request). */
export const contextItemSchema = z.object({
  type: z.enum(['Idea', 'Writing']),
  title: z.string(),
  content: z.string(),
  /** The idea or writing it came from, so a citation can open it. */
  id: z.optional(z.string()),
});

// Markers an older composer wrote into the input for a dropped item: "[Context: ...]" lines.
const CONTEXT_MARKER = /^\s*\[(?:Context|Idea|Writing):[^\]\n]*\]\s*$/gim;

/** The composer's text as sent: old context markers stripped, trimmed; empty means nothing to send. */
export function chatPrompt(input: string): string {
  return input.replace(CONTEXT_MARKER, '').trim();
}

/** One numbered source sent to the model, shown under the reply as "What the model saw". */
export interface ChatSource {
  /** The number the reply cites it by: [1], [2], ... */
  n: number;
  kind: 'writing' | 'idea' | 'document' | 'web';
  /** The writing or idea id, when it is one (a citation then opens it). */
  id?: string;
  title: string;
  excerpt: string;
  /** A web result's address. */
  url?: string;
}

/** The data part name carrying the sources of a reply in the UI message stream and in stored parts. */
export const CHAT_SOURCES_PART = 'data-sources';

const uiMessageSchema = z.looseObject({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system']),
  parts: z.array(z.looseObject({ type: z.string() })),
});

/** The body of POST /api/chat (docs/product.md, The chat endpoint). */
export const chatRequestSchema = z.object({
  chatId: z.string().check(z.minLength(1)),
  model: z._default(z.string(), AUTO_MODEL_ID),
  isIdeasActive: z._default(z.boolean(), true),
  isWritingsActive: z._default(z.boolean(), true),
  performWebSearch: z._default(z.boolean(), false),
  context: z._default(
    z.object({
      active: z.optional(z.nullable(contextItemSchema)),
      items: z._default(z.array(contextItemSchema), []),
    }),
    { items: [] },
  ),
  messages: z.array(uiMessageSchema).check(z.minLength(1)),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** The short title a session gets from its first message: one line of at most 48 characters. */
export function chatTitleFrom(firstMessage: string): string {
  return previewText(firstMessage, CHAT_TITLE_LENGTH);
}

const CHAT_TITLE_LENGTH = 48;
