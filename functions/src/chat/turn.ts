import type { SupabaseClient } from '@supabase/supabase-js';
import type { UIMessage } from 'ai';
import { type ChatRequest, FEATURE_LABELS, hasFeature, messages, TIERS } from 'shared-kernel/domain';
import { apiCallsRefusal } from '../api-calls.ts';
import { lastUserText, type Passage } from './sources.ts';

/** Passages retrieved per question: enough to answer from, few enough to read in "What the model saw". */
export const RETRIEVED_PASSAGES = 6;

/** The plans whose writers may use an advanced model. */
const ADVANCED_TIERS = TIERS.filter((tier) => hasFeature(tier, 'advanced_chat'));

const failure = (error: string, status: number, extra: object = {}) =>
  Response.json({ error, ...extra }, { status });

interface Begun {
  refused?: 'api-calls' | 'premium' | 'chat-messages' | 'not-your-chat';
  resets_at?: string;
  passages?: Passage[];
  retrieval_error?: string;
}

/** The answer to a refused turn: each opens what the writer needs ('Rate Limit Reached', 'Premium Feature'). */
function refusal({ refused, resets_at: resetsAt }: Begun): Response | undefined {
  switch (refused) {
    case 'api-calls':
      return apiCallsRefusal(resetsAt);
    case 'premium': {
      const feature = FEATURE_LABELS.advanced_chat;
      return failure(messages.pricing.premiumFeature(feature), 403, { code: 'premium-feature', feature });
    }
    case 'chat-messages':
      return failure(messages.chat.limitReached, 429, { code: 'rate-limit', kind: 'chatMessages', resetsAt });
    case 'not-your-chat':
      return failure(messages.chat.notYourChat, 403);
    default:
      return undefined;
  }
}

/**
 * Starts one turn in a single database call (chat_begin), AS THE WRITER: counts the API call and the chat
 * message against the plan (a premium model on a plan without it is refused first), stores the session
 * and the question (so a closed tab loses nothing), and retrieves the passages of the writer's notes
 * (row-level security decides; the toggles choose ideas and writings). The passages, or the refusal.
 */
export async function beginTurn(
  client: SupabaseClient,
  body: ChatRequest,
  question: UIMessage,
  { advanced }: { advanced: boolean },
): Promise<Passage[] | Response> {
  const { data, error, status } = await client.rpc('chat_begin', {
    chat_id: body.chatId,
    message_id: question.id,
    message_parts: question.parts,
    session_title: messages.chat.defaultSessionTitle,
    question: lastUserText(body),
    include_ideas: body.isIdeasActive,
    include_writings: body.isWritingsActive,
    max_results: RETRIEVED_PASSAGES,
    allowed_tiers: advanced ? ADVANCED_TIERS : null,
  });
  // The token was checked before, but its session can have ended since (signed out elsewhere).
  if (status === 401) return failure(messages.auth.notAuthenticated, 401);
  if (error) return failure(error.message, 500);
  const begun = (data ?? {}) as Begun;
  const refused = refusal(begun);
  if (refused) return refused;
  // Answer without the notes rather than not at all.
  if (begun.retrieval_error) console.error('chat: retrieval failed', begun.retrieval_error);
  return begun.passages ?? [];
}
