import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

/** The real supabase-js against a test backend, one in-memory session per client (no sharing, no timers). */
export function createTestClient(
  backend: { url: string; anonKey: string },
  { fetch, ...options }: { flowType?: 'implicit' | 'pkce'; fetch?: typeof globalThis.fetch } = {},
): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, ...options },
    // A test may put its own fetch in between, to cut the network or lose an answer.
    ...(fetch ? { global: { fetch } } : {}),
    // Node 20 has no global WebSocket; supabase-js refuses to start without one (docs/backend.md).
    realtime: { transport: WebSocket as never },
  });
}

/**
 * The network between a test client and the backend, which a test can cut (`down`), make lose the answers
 * to writes the server has handled (`loseAnswers`), or hold before a request is sent (`before`). Pass its
 * `fetch` to `createTestClient` (or `TestBackend.client`).
 */
export function cuttableNetwork() {
  const network = {
    down: false,
    /** Writes (non-GET requests) whose answer is lost after the server has handled them. */
    loseAnswers: 0,
    /** Called with a copy of each request before it is sent; a test may hold it. */
    before: async (_request: Request): Promise<void> => {},
    fetch: (async (input, init) => {
      const request = new Request(input, init);
      await network.before(request.clone());
      if (network.down) throw new TypeError('Failed to fetch');
      const response = await fetch(request);
      if (network.loseAnswers > 0 && request.method !== 'GET') {
        network.loseAnswers -= 1;
        throw new TypeError('Failed to fetch');
      }
      return response;
    }) as typeof globalThis.fetch,
  };
  return network;
}

export type CuttableNetwork = ReturnType<typeof cuttableNetwork>;
