import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address a request comes from: the socket's peer, or, when the backend is told it runs behind a
 * proxy (`trustProxy`), the last `X-Forwarded-For` entry, the one that proxy added. Otherwise the header
 * is ignored: any client can write it.
 */
export function clientAddress(context: Context, { trustProxy }: { trustProxy: boolean }): string {
  if (trustProxy) {
    const forwarded = context.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(context).remote.address ?? 'unknown';
  } catch {
    // Not served by node-server (Hono's `app.request` in unit tests): one client.
    return 'unknown';
  }
}

/** Thrown when a client is over its limit; the caller answers it in its protocol's shape. */
export class ClientLimitError extends Error {
  override name = 'ClientLimitError';
}

/**
 * Per-client limits on expensive requests (password hashing): at most `maximumInFlight` at once, and a
 * token bucket of `burst` requests refilled at `perSecond`. A flood from one client is refused at once
 * instead of queueing for the hashing workers ahead of everyone else. `enter` is synchronous, so
 * concurrent requests cannot all pass the check; call the returned function when the request is done.
 */
export function createClientLimiter({
  maximumInFlight = 8,
  burst = 60,
  perSecond = 2,
}: {
  maximumInFlight?: number;
  burst?: number;
  perSecond?: number;
} = {}) {
  type State = { inFlight: number; tokens: number; refilledAt: number };
  const clients = new Map<string, State>();
  const refill = (state: State, now: number) => {
    state.tokens = Math.min(burst, state.tokens + ((now - state.refilledAt) / 1000) * perSecond);
    state.refilledAt = now;
  };
  /** Idle clients whose bucket is full again are as good as new: dropped, so the map holds recent ones. */
  const forgetIdle = (now: number) => {
    for (const [client, state] of clients) {
      refill(state, now);
      if (state.inFlight === 0 && state.tokens >= burst) clients.delete(client);
    }
  };
  return {
    enter(client: string): () => void {
      const now = Date.now();
      if (clients.size > 10_000) forgetIdle(now);
      const state = clients.get(client) ?? { inFlight: 0, tokens: burst, refilledAt: now };
      refill(state, now);
      clients.set(client, state);
      if (state.inFlight >= maximumInFlight)
        throw new ClientLimitError('Too many requests at once from this client');
      if (state.tokens < 1) throw new ClientLimitError('Too many requests from this client, slow down');
      state.tokens -= 1;
      state.inFlight += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        state.inFlight -= 1;
      };
    },
  };
}
