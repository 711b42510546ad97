// API calls per day (docs/product.md, Tiers and limits): every function call made with a user's token
// counts one, in the database and atomically (`consume_usage`), and past the tier's limit the call is
// refused with 429 before its handler runs. Calls without a token (the payment provider's webhook) are
// not a user's and do not count; a token that is not valid is left to the handler's own 401. Reading
// what a function offers (GET, e.g. the chat's model list on each page load) is not a call to count.
import { messages } from 'shared-kernel/domain';
import { bearerToken } from './caller.ts';
import type { FunctionHandler, FunctionRegistry } from './index.ts';

function counted(handler: FunctionHandler): FunctionHandler {
  return async (request, env) => {
    const token = bearerToken(request);
    if (token && request.method !== 'GET' && request.method !== 'OPTIONS') {
      const { data } = await env.userClient(token).rpc('consume_usage', { usage_metric: 'api_calls' });
      const usage = data as { allowed?: boolean; resets_at?: string } | null;
      if (usage?.allowed === false) {
        return Response.json(
          {
            error: messages.limits.apiCallsReached,
            code: 'rate-limit',
            kind: 'apiCalls',
            resetsAt: usage.resets_at,
          },
          { status: 429 },
        );
      }
    }
    return handler(request, env);
  };
}

/** The registry with every handler counting the API calls of its callers. */
export function countingApiCalls(handlers: Record<string, FunctionHandler>): FunctionRegistry {
  return Object.fromEntries(Object.entries(handlers).map(([name, handler]) => [name, counted(handler)]));
}
