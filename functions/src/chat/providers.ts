import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogle } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import {
  AUTO_MODEL_ID,
  CHAT_MODELS,
  type ChatVendor,
  DEFAULT_CHAT_MODEL_ID,
  LOCAL_MODEL_ID,
  NOTES_ONLY_MODEL_ID,
} from 'shared-kernel/domain';

type Secrets = Readonly<Record<string, string | undefined>>;

/**
 * The environment variables of each vendor: its key and an optional base URL (a proxy, or the local
 * fake provider of the tests). Keys live only on the server; the browser never sees one.
 */
const VENDOR_SETTINGS: Readonly<Record<ChatVendor, { key: string; baseUrl: string }>> = {
  openai: { key: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL' },
  anthropic: { key: 'ANTHROPIC_API_KEY', baseUrl: 'ANTHROPIC_BASE_URL' },
  google: { key: 'GOOGLE_GENERATIVE_AI_API_KEY', baseUrl: 'GOOGLE_BASE_URL' },
  deepseek: { key: 'DEEPSEEK_API_KEY', baseUrl: 'DEEPSEEK_BASE_URL' },
};

/** An OpenAI-compatible server (Ollama, llama.cpp): its base URL and the model to ask for. */
const LOCAL_BASE_URL = 'OPENAI_COMPATIBLE_BASE_URL';
const LOCAL_MODEL = 'OPENAI_COMPATIBLE_MODEL';
const LOCAL_API_KEY = 'OPENAI_COMPATIBLE_API_KEY';

/** A selector entry as the server offers it: whether it can answer here, and its label. */
export interface OfferedModel {
  id: string;
  label: string;
  available: boolean;
  advanced: boolean;
}

/** What answers a request: a language model, or the writer's notes alone. */
export type ResolvedModel =
  | { kind: 'model'; id: string; model: LanguageModel; providerOptions?: Record<string, never> | object }
  | { kind: 'notes-only'; id: typeof NOTES_ONLY_MODEL_ID };

const configured = (secrets: Secrets, vendor: ChatVendor) => Boolean(secrets[VENDOR_SETTINGS[vendor].key]);
const localConfigured = (secrets: Secrets) => Boolean(secrets[LOCAL_BASE_URL]);

/** 'auto', the vendors' models, the local model when configured, and notes-only; each marked available or not. */
export function offeredModels(secrets: Secrets): OfferedModel[] {
  const vendorModels = CHAT_MODELS.map((model) => ({
    id: model.id,
    label: model.label,
    advanced: model.advanced,
    available: model.vendor ? configured(secrets, model.vendor) : true,
  }));
  const local = localConfigured(secrets)
    ? [{ id: LOCAL_MODEL_ID, label: secrets[LOCAL_MODEL] ?? 'Local model', advanced: false, available: true }]
    : [];
  const notesOnly = {
    id: NOTES_ONLY_MODEL_ID,
    label: 'Notes only (no AI model)',
    advanced: false,
    available: true,
  };
  return [...vendorModels, ...local, notesOnly];
}

/** Whether any real model can answer (else the chat answers from the notes alone). */
export function anyModelConfigured(secrets: Secrets): boolean {
  return (
    localConfigured(secrets) ||
    (Object.keys(VENDOR_SETTINGS) as ChatVendor[]).some((v) => configured(secrets, v))
  );
}

/**
 * The id 'auto' stands for: the default model when its vendor is configured, else the local model, else
 * the first configured model that is not an advanced one, else notes only.
 */
function autoModelId(secrets: Secrets): string {
  const defaultModel = CHAT_MODELS.find((model) => model.id === DEFAULT_CHAT_MODEL_ID);
  if (defaultModel?.vendor && configured(secrets, defaultModel.vendor)) return DEFAULT_CHAT_MODEL_ID;
  if (localConfigured(secrets)) return LOCAL_MODEL_ID;
  const first = CHAT_MODELS.find(
    (model) => model.vendor && configured(secrets, model.vendor) && !model.advanced,
  );
  return first?.id ?? NOTES_ONLY_MODEL_ID;
}

/** The model entry of an id, or undefined for an id the selector does not offer. */
export function findModel(id: string, secrets: Secrets): OfferedModel | undefined {
  return offeredModels(secrets).find((model) => model.id === id);
}

/**
 * The model that answers `requestedId`. 'auto' resolves as above; an id whose vendor is not configured
 * falls back to 'auto' (a writer's saved choice must not break the chat on a server without that key).
 */
export function resolveModel(requestedId: string, secrets: Secrets): ResolvedModel {
  const offered = findModel(requestedId, secrets);
  const id = requestedId === AUTO_MODEL_ID || !offered?.available ? autoModelId(secrets) : requestedId;
  if (id === NOTES_ONLY_MODEL_ID) return { kind: 'notes-only', id };
  if (id === LOCAL_MODEL_ID) {
    const provider = createOpenAICompatible({
      name: 'local',
      baseURL: secrets[LOCAL_BASE_URL] as string,
      apiKey: secrets[LOCAL_API_KEY],
      includeUsage: true,
    });
    return { kind: 'model', id, model: provider.chatModel(secrets[LOCAL_MODEL] ?? 'default') };
  }
  const vendor = CHAT_MODELS.find((model) => model.id === id)?.vendor as ChatVendor;
  const { key, baseUrl } = VENDOR_SETTINGS[vendor];
  const settings = { apiKey: secrets[key], ...(secrets[baseUrl] ? { baseURL: secrets[baseUrl] } : {}) };
  switch (vendor) {
    case 'openai':
      return { kind: 'model', id, model: createOpenAI(settings)(id) };
    case 'anthropic':
      return { kind: 'model', id, model: createAnthropic(settings)(id) };
    case 'google':
      return { kind: 'model', id, model: createGoogle(settings)(id) };
    case 'deepseek':
      // The chat and the reasoner are one DeepSeek model with thinking off or on.
      return {
        kind: 'model',
        id,
        model: createDeepSeek(settings)('deepseek-v4-flash'),
        providerOptions: {
          deepseek: { thinking: { type: id === 'deepseek-reasoner' ? 'enabled' : 'disabled' } },
        },
      };
  }
}
