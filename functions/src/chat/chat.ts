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
  messages,
} from 'shared-kernel/domain';
import { countApiCall } from '../api-calls.ts';
import { signedInCaller } from '../caller.ts';
import type { FunctionEnv, FunctionHandler } from '../index.ts';
import { buildInstructions } from './instructions.ts';
import { quotedSources, streamNotesOnlyAnswer } from './notes-only.ts';
import { firstUserText, isUuid, storeAssistantMessage } from './persistence.ts';
import {
  anyModelConfigured,
  findModel,
  offeredModels,
  type ResolvedModel,
  resolveModel,
} from './providers.ts';
import { numberSources, type Passage } from './sources.ts';
import { beginTurn } from './turn.ts';
import { webSearchConfigured, webSearchTool } from './web-search.ts';

/** Steps of one answer: a web search or two, then the answer. */
const MAX_STEPS = 4;

const failure = (error: string, status: number, extra: object = {}) =>
  Response.json({ error, ...extra }, { status });

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
  {
    env,
    client,
    signal,
    passages,
  }: { env: FunctionEnv; client: SupabaseClient; signal: AbortSignal; passages: readonly Passage[] },
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
        await streamNotesOnlyAnswer(writer, quotedSources(sources, passages), signal);
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

/**
 * POST /api/chat (and /functions/v1/chat): the writer's message in, a streamed answer out (AI SDK UI
 * message stream). GET answers the models this server offers and whether web search is configured.
 * Everything is read and stored with the writer's own token: row-level security decides.
 */
export const chat: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST' && request.method !== 'GET') return failure('Method not allowed', 405);
  // A POST's first step is a database call under the writer's token, which checks the session again.
  const who = await signedInCaller(request, env, { checkHere: request.method === 'POST' });
  if (!who) return failure(messages.auth.notAuthenticated, 401);
  if (request.method === 'GET') {
    return Response.json({
      models: offeredModels(env.secrets),
      modelConfigured: anyModelConfigured(env.secrets),
      webSearch: webSearchConfigured(env.secrets),
    });
  }
  const parsed = chatRequestSchema.safeParse(await request.json().catch(() => undefined));
  const body = parsed.success && isUuid(parsed.data.chatId) ? parsed.data : undefined;
  const history = (body?.messages ?? []).filter((m) => m.role !== 'system') as unknown as UIMessage[];
  const question = history.at(-1);
  const wellFormed = body && question?.role === 'user' && isUuid(question.id);
  const model = body && findModel(body.model, env.secrets);
  // Refused before the turn starts: the call still counts (chat_begin counts the others).
  if (!wellFormed || !model) {
    const error = wellFormed ? messages.chat.unknownModel : messages.chat.badRequest;
    return (await countApiCall(who.client)) ?? failure(error, 400);
  }
  const passages = await beginTurn(who.client, body, question, { advanced: model.advanced });
  if (passages instanceof Response) return passages;
  const sources = numberSources(body, passages);
  const resolved = resolveModel(body.model, env.secrets);
  const stream = answerStream(body, history, sources, resolved, {
    env,
    client: who.client,
    signal: request.signal,
    passages,
  });
  return createUIMessageStreamResponse({ stream });
};
