import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { BackendConfig } from '../contracts/area-props.ts';
import { earlyFetch, forgetEarlyRequests } from '../network/early-requests.ts';
import { noteServerReached } from '../network/network-status.ts';
import type { Database } from './database.types.ts';

/** The typed Supabase client every area uses: rows, inserts and RPC results come from {@link Database}. */
export type WorkspaceClient = SupabaseClient<Database>;

// One client per URL and key for the whole page. The kernel is a Module Federation singleton, so the shell
// and every remote get this same map, hence one GoTrueClient and one session: no "Multiple GoTrueClient
// instances" warning, and a sign-in or token refresh in one area is seen by all.
const clients = new Map<string, WorkspaceClient>();

/** The client's fetch: early responses first (network/early-requests.ts), and each answer told around. */
const workspaceFetch: typeof fetch = async (input, init) => {
  const response = await earlyFetch(input, init);
  if (response.ok) noteServerReached();
  return response;
};

/**
 * The page's Supabase client for `backend`, created on first use. In the browser the session lives in
 * localStorage, refreshes itself, and is picked up from the URL: the local backend's password-recovery
 * link lands with the session in the hash, which needs the implicit flow. A read the server cannot be
 * reached for fails on its first attempt (no retries), so the caller can answer it from the device. Its
 * fetch answers the first screen's reads with the ones the shell's entry made early
 * (network/early-requests.ts), and tells of each answer (`serverReached$`, network/network-status.ts).
 *
 * @param options Merged into supabase-js's options on creation only (a later call with the same backend
 *   gets the existing client). Tests in Node 20 pass `realtime: { transport: WebSocket }` from `ws`; the
 *   browser needs none.
 * @example
 * const supabase = getSupabaseClient(props.backend);
 * const { data } = await supabase.from('writings').select('id, title');
 */
export function getSupabaseClient(
  backend: BackendConfig,
  options: SupabaseClientOptions<'public'> = {},
): WorkspaceClient {
  const key = `${backend.url} ${backend.anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient<Database>(backend.url, backend.anonKey, {
      ...options,
      global: { fetch: workspaceFetch, ...options.global },
      // postgrest-js retries a read the network failed three times (1 s, 2 s, 4 s). The areas answer such
      // a read from the device and retry on their own (the outbox, `serverReached$`), so it fails at once:
      // offline, a reload's list showed after 7 s of retries instead of at once.
      db: { retry: false, ...options.db },
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        flowType: 'implicit',
        ...options.auth,
      },
    });
    client.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') forgetEarlyRequests();
    });
    clients.set(key, client);
  }
  return client;
}
