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
