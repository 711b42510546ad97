import { GoTrueClient, type GoTrueClientOptions } from '@supabase/auth-js';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { RealtimeClient, RealtimeClientOptions } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import { pageFirstScreenShown } from '../bus/first-screen.ts';
import type { BackendConfig } from '../contracts/area-props.ts';
import { earlyFetch, forgetEarlyRequests, sessionStorageKey } from '../network/early-requests.ts';
import { noteServerReached } from '../network/network-status.ts';
import type { Database } from './database.types.ts';

/** Options of a {@link WorkspaceClient}, each part's own, as supabase-js names them. */
export interface WorkspaceClientOptions {
  auth?: Pick<
    GoTrueClientOptions,
    'persistSession' | 'autoRefreshToken' | 'detectSessionInUrl' | 'flowType' | 'storage' | 'storageKey'
  >;
  /** Node 20 has no global WebSocket: tests pass `{ transport: WebSocket }` from `ws`; browsers need none. */
  realtime?: RealtimeClientOptions;
  /** What realtime waits for before it loads (a page's client: its first screen). */
  realtimeAfter?: () => Promise<void>;
  /** The fetch every request goes through (a test may cut the network there). */
  global?: { fetch?: typeof fetch };
  db?: { retry?: boolean };
}

type Rest = PostgrestClient<Database, { PostgrestVersion: '12' }, 'public'>;

/**
 * The backend as every area reaches it: supabase-js's own parts (auth-js, postgrest-js, functions-js, and
 * realtime-js and storage-js once asked for), put together as supabase-js's `createClient` does, with the
 * same URLs, token and session storage (no `X-Client-Info` header). Only auth and the database are on a
 * page's first path: storage loads when first used ({@link storage}), realtime when first used and
 * `realtimeAfter` has resolved ({@link realtime}; a page's client waits for its first screen), so the first
 * screen does not read, compile and run them (about 86 KB of script; docs/architecture.md, Budgets).
 */
export class WorkspaceClient {
  /** The backend's address (`http://127.0.0.1:54321` locally). */
  readonly url: string;
  readonly auth: GoTrueClient;
  readonly functions: FunctionsClient;
  /** A table or view of the product schema, with typed rows. */
  readonly from: Rest['from'];
  /** A database function of the product schema. */
  readonly rpc: Rest['rpc'];
  readonly #anonKey: string;
  readonly #fetch: typeof fetch;
  readonly #realtimeOptions: RealtimeClientOptions;
  readonly #realtimeAfter: () => Promise<void>;
  #realtime: Promise<RealtimeClient> | null = null;
  #storage: Promise<StorageClient> | null = null;

  constructor(backend: BackendConfig, options: WorkspaceClientOptions = {}) {
    // As storage-js writes it (a public file's address is compared with it: stored-files.ts).
    this.url = new URL(backend.url).href.replace(/\/+$/, '');
    this.#anonKey = backend.anonKey;
    this.#realtimeOptions = options.realtime ?? {};
    this.#realtimeAfter = options.realtimeAfter ?? (() => Promise.resolve());
    const baseFetch = options.global?.fetch ?? ((input, init) => fetch(input, init));
    this.auth = new GoTrueClient({
      url: `${this.url}/auth/v1`,
      headers: { Authorization: `Bearer ${backend.anonKey}`, apikey: backend.anonKey },
      storageKey: sessionStorageKey(this.url),
      fetch: baseFetch,
      ...options.auth,
    });
    // Every other request carries the key and the signed-in user's token (the key when signed out).
    this.#fetch = async (input, init) => {
      const { data } = await this.auth.getSession();
      const headers = new Headers(init?.headers);
      if (!headers.has('apikey')) headers.set('apikey', backend.anonKey);
      if (!headers.has('Authorization')) {
        headers.set('Authorization', `Bearer ${data.session?.access_token ?? backend.anonKey}`);
      }
      return baseFetch(input, { ...init, headers });
    };
    const rest: Rest = new PostgrestClient(`${this.url}/rest/v1`, {
      schema: 'public',
      fetch: this.#fetch,
      retry: options.db?.retry,
    });
    this.from = rest.from.bind(rest) as Rest['from'];
    this.rpc = rest.rpc.bind(rest) as Rest['rpc'];
    this.functions = new FunctionsClient(`${this.url}/functions/v1`, { customFetch: this.#fetch });
  }

  /**
   * The realtime client, loaded on first use (once `realtimeAfter` has resolved) and connected with the
   * session's token. A load that fails is tried again at the next call.
   */
  realtime(): Promise<RealtimeClient> {
    this.#realtime ??= forgottenIfFailed(
      this.#realtimeAfter()
        .then(() => import('@supabase/realtime-js'))
        .then(({ RealtimeClient }) => this.#connected(RealtimeClient)),
      () => {
        this.#realtime = null;
      },
    );
    return this.#realtime;
  }

  /** The storage client, loaded on first use. A load that fails is tried again at the next call. */
  storage(): Promise<StorageClient> {
    this.#storage ??= forgottenIfFailed(
      import('@supabase/storage-js').then(
        ({ StorageClient }) => new StorageClient(`${this.url}/storage/v1`, {}, this.#fetch),
      ),
      () => {
        this.#storage = null;
      },
    );
    return this.#storage;
  }

  async #connected(Realtime: typeof RealtimeClient): Promise<RealtimeClient> {
    const realtime = new Realtime(`${this.url.replace(/^http/, 'ws')}/realtime/v1`, {
      ...this.#realtimeOptions,
      params: { apikey: this.#anonKey, ...this.#realtimeOptions.params },
      accessToken: async () => (await this.auth.getSession()).data.session?.access_token ?? this.#anonKey,
    });
    // The token before any channel joins: a channel joined before realtime has one (it asks for it only
    // as it connects, after the join is sent) runs as the key, and row-level security shows it nothing.
    await realtime.setAuth();
    // As supabase-js does: a new token reaches the open channels; signing out drops to the key.
    let token: string | undefined;
    this.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') {
        token = undefined;
        void realtime.setAuth();
      } else if (session && session.access_token !== token) {
        token = session.access_token;
        void realtime.setAuth(token);
      }
    });
    return realtime;
  }
}

/** `promise`, with `forget` called if it fails (its caller keeps it only while it may still succeed). */
function forgottenIfFailed<T>(promise: Promise<T>, forget: () => void): Promise<T> {
  promise.catch(forget);
  return promise;
}

// One client per URL and key for the whole page. The kernel is a Module Federation singleton, so the shell
// and every remote get this same map, hence one auth client and one session: a sign-in or token refresh in
// one area is seen by all.
const clients = new Map<string, WorkspaceClient>();

/** The client's fetch: early responses first (network/early-requests.ts), and each answer told around. */
const workspaceFetch: typeof fetch = async (input, init) => {
  const response = await earlyFetch(input, init);
  if (response.ok) noteServerReached();
  return response;
};

/**
 * The page's client for `backend`, created on first use. In the browser the session lives in
 * localStorage, refreshes itself, and is picked up from the URL: the local backend's password-recovery
 * link lands with the session in the hash, which needs the implicit flow. A read the server cannot be
 * reached for fails on its first attempt (no retries), so the caller can answer it from the device. Its
 * fetch answers the first screen's reads with the ones the shell's entry made early
 * (network/early-requests.ts), and tells of each answer (`serverReached$`, network/network-status.ts).
 *
 * @param options Used on creation only (a later call with the same backend gets the existing client).
 * @example
 * const supabase = getSupabaseClient(props.backend);
 * const { data } = await supabase.from('writings').select('id, title');
 */
export function getSupabaseClient(
  backend: BackendConfig,
  options: WorkspaceClientOptions = {},
): WorkspaceClient {
  const key = `${backend.url} ${backend.anonKey}`;
  let client = clients.get(key);
  if (!client) {
    client = new WorkspaceClient(backend, {
      ...options,
      global: { fetch: workspaceFetch, ...options.global },
      // postgrest-js retries a read the network failed three times (1 s, 2 s, 4 s). The areas answer such
      // a read from the device and retry on their own (the outbox, `serverReached$`), so it fails at once:
      // offline, a reload's list showed after 7 s of retries instead of at once.
      db: { retry: false, ...options.db },
      // No area's first screen needs realtime: its code, its socket and its joins (which the backend checks
      // against the database) wait for the page's first screen. The lists read again once joined.
      realtimeAfter: pageFirstScreenShown,
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
