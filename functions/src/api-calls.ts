// API calls per day (docs/product.md, Tiers and limits): every function call made with a user's token
// counts one, in the database and atomically (`consume_usage`), and past the tier's limit the call is
// refused with 429 before its handler does anything. Calls without a token (the payment provider's
// webhook) are not a user's and do not count; a token that is not valid is left to the handler's own
// 401. Reading what a function offers (GET, e.g. the chat's model list on each page load) is not a call
// to count. The chat counts its own calls: in the one database call that starts a turn (chat_begin).
import type { SupabaseClient } from '@supabase/supabase-js';
import { messages } from 'shared-kernel/domain';
import { bearerToken } from './caller.ts';
import type { FunctionHandler, FunctionRegistry } from './index.ts';

/** The 429 of a caller past their plan's API calls: what opens the pricing dialog. */
export function apiCallsRefusal(resetsAt: unknown): Response {
  return Response.json(
    { error: messages.limits.apiCallsReached, code: 'rate-limit', kind: 'apiCalls', resetsAt },
    { status: 429 },
  );
}

/** Counts one API call of the client's user; the refusal when past the limit. */
export async function countApiCall(client: SupabaseClient): Promise<Response | undefined> {
  const { data } = await client.rpc('consume_usage', { usage_metric: 'api_calls' });
  const usage = data as { allowed?: boolean; resets_at?: string } | null;
  return usage?.allowed === false ? apiCallsRefusal(usage.resets_at) : undefined;
}

function counted(handler: FunctionHandler): FunctionHandler {
  return async (request, env) => {
    const token = bearerToken(request);
    if (token && request.method !== 'GET' && request.method !== 'OPTIONS') {
      const refused = await countApiCall(env.userClient(token));
      if (refused) return refused;
    }
    return handler(request, env);
  };
}

/**
 * The registry with every handler counting the API calls of its callers, except those named in
 * `countingThemselves`.
 */
export function countingApiCalls(
  handlers: Record<string, FunctionHandler>,
  countingThemselves: readonly string[] = [],
): FunctionRegistry {
  return Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      countingThemselves.includes(name) ? handler : counted(handler),
    ]),
  );
}
