import type { SupabaseClient } from '@supabase/supabase-js';
import {
  APICallError,
  convertToModelMessages,
  createUIMessageStream,
  createUIMessageStreamResponse,
  isStepCount,
  RetryError,
  streamText,
  toUIMessageStream,
  type UIMessage,
} from 'ai';
import {
  CHAT_SOURCES_PART,
  type ChatRequest,
  type ChatSource,
  chatRequestSchema,
  FEATURE_LABELS,
  messages,
} from 'shared-kernel/domain';
import { signedInCaller, userHasFeature } from '../caller.ts';
import type { FunctionEnv, FunctionHandler } from '../index.ts';
import { buildInstructions } from './instructions.ts';
import { streamNotesOnlyAnswer } from './notes-only.ts';
import {
  ChatStorageError,
  firstUserText,
  isUuid,
  storeAssistantMessage,
  storeUserMessage,
} from './persistence.ts';
import {
  anyModelConfigured,
  findModel,
  offeredModels,
  type ResolvedModel,
  resolveModel,
} from './providers.ts';
import { lastUserText, numberSources, retrievePassages } from './sources.ts';
import { webSearchConfigured, webSearchTool } from './web-search.ts';

/** Steps of one answer: a web search or two, then the answer. */
const MAX_STEPS = 4;

const failure = (error: string, status: number, extra: object = {}) =>
  Response.json({ error, ...extra }, { status });

/**
 * Refusals that come before any answer: a premium model on FREE (403, opens 'Premium Feature') and the
 * daily chat message limit (429, opens 'Rate Limit Reached'). The limit is counted in the database,
 * atomically, so no client can skip it or race past it.
 */
async function refusal(client: SupabaseClient, env: FunctionEnv, userId: string, modelId: string) {
  const model = findModel(modelId, env.secrets);
  if (!model) return failure(messages.chat.unknownModel, 400);
  if (model.advanced && !(await userHasFeature(env, userId, 'advanced_chat'))) {
    const feature = FEATURE_LABELS.advanced_chat;
    return failure(messages.pricing.premiumFeature(feature), 403, { code: 'premium-feature', feature });
  }
  const { data: usage, error } = await client.rpc('consume_usage', { usage_metric: 'chat_messages' });
  if (error) return failure(error.message, 500);
  if (!usage?.allowed) {
    return failure(messages.chat.limitReached, 429, {
      code: 'rate-limit',
      kind: 'chatMessages',
      resetsAt: usage?.resets_at,
    });
  }
  return undefined;
}

/** The `error.message` of a provider's error body (OpenAI's, Anthropic's and Google's shapes). */
function providerMessage(body: string | undefined): string | undefined {
  try {
    const message = (JSON.parse(body ?? '') as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' && message ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What the writer reads in the error banner: the provider's own message (the stream's default masks
 * every error as 'An error occurred.'), after the retries.
 */
function errorText(error: unknown): string {
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) return providerMessage(last.responseBody) ?? last.message;
  return last instanceof Error && last.message ? last.message : messages.chat.failed;
}

/** The answer's stream: the numbered sources first, then the model's (or the notes') answer. */
function answerStream(
  body: ChatRequest,
  history: UIMessage[],
  sources: ChatSource[],
  resolved: ResolvedModel,
  { env, client, signal }: { env: FunctionEnv; client: SupabaseClient; signal: AbortSignal },
) {
  const messageId = crypto.randomUUID();
  let lastNumber = sources.length;
  return createUIMessageStream({
    originalMessages: history,
    generateId: () => messageId,
    onError: errorText,
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageId });
      writer.write({ type: CHAT_SOURCES_PART, data: sources });
      if (resolved.kind === 'notes-only') {
        await streamNotesOnlyAnswer(writer, sources, signal);
        return;
      }
      const webSearch = body.performWebSearch && webSearchConfigured(env.secrets);
      const tools = webSearch
        ? { webSearch: webSearchTool(env.secrets, () => ++lastNumber, signal) }
        : undefined;
      const result = streamText({
        model: resolved.model,
        instructions: buildInstructions(sources, { webSearch }),
        messages: await convertToModelMessages(history, { ignoreIncompleteToolCalls: true }),
        tools,
        stopWhen: isStepCount(MAX_STEPS),
        abortSignal: signal,
        maxRetries: 1,
        providerOptions: resolved.providerOptions as never,
        onError: () => {}, // reported to the writer through the stream's error chunk
      });
      writer.merge(toUIMessageStream({ stream: result.stream, sendStart: false, onError: errorText }));
    },
    onEnd: async ({ responseMessage }) => {
      await storeAssistantMessage(client, body.chatId, responseMessage, firstUserText(history));
    },
  });
}

/** Stores the writer's question; a refusal to store it (another writer's chat) as the response. */
async function storedOrFailure(client: SupabaseClient, chatId: string, message: UIMessage) {
  try {
    await storeUserMessage(client, chatId, message);
    return undefined;
  } catch (error) {
    if (error instanceof ChatStorageError) return failure(error.message, error.status);
    throw error;
  }
}

/**
 * POST /api/chat (and /functions/v1/chat): the writer's message in, a streamed answer out (AI SDK UI
 * message stream). GET answers the models this server offers and whether web search is configured.
 * Everything is read and stored with the writer's own token: row-level security decides.
 */
export const chat: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST' && request.method !== 'GET') return failure('Method not allowed', 405);
  const who = await signedInCaller(request, env);
  if (!who) return failure(messages.auth.notAuthenticated, 401);
  if (request.method === 'GET') {
    return Response.json({
      models: offeredModels(env.secrets),
      modelConfigured: anyModelConfigured(env.secrets),
      webSearch: webSearchConfigured(env.secrets),
    });
  }
  const parsed = chatRequestSchema.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success || !isUuid(parsed.data.chatId)) return failure(messages.chat.badRequest, 400);
  const body = parsed.data;
  const history = body.messages.filter((m) => m.role !== 'system') as unknown as UIMessage[];
  const userMessage = history.at(-1);
  if (userMessage?.role !== 'user' || !isUuid(userMessage.id)) {
    return failure(messages.chat.badRequest, 400);
  }
  // The limit check then storing the question, beside the retrieval: the first token waits for the
  // slower of the two, not for their sum.
  const [refused, passages] = await Promise.all([
    refusal(who.client, env, who.userId, body.model).then((answer) =>
      answer ? answer : storedOrFailure(who.client, body.chatId, userMessage),
    ),
    retrievePassages(who.client, lastUserText(body), {
      ideas: body.isIdeasActive,
      writings: body.isWritingsActive,
    }).catch((error: unknown) => {
      // Answer without the notes rather than not at all.
      console.error('chat: retrieval failed', error);
      return [];
    }),
  ]);
  if (refused) return refused;
  const sources = numberSources(body, passages);
  const resolved = resolveModel(body.model, env.secrets);
  const stream = answerStream(body, history, sources, resolved, {
    env,
    client: who.client,
    signal: request.signal,
  });
  return createUIMessageStreamResponse({ stream });
};
