import type { WorkspaceClient } from 'shared-kernel';

/** The local backend running in the test's own process, and how to make clients of it. */
export interface InProcessBackend {
  readonly url: string;
  readonly anonKey: string;
  stop(): Promise<void>;
  /**
   * A new signed-out client through the real supabase-js. `fetch` may stand between it and the network
   * (to cut it, or lose answers); `anonKey` replaces the key (a token the backend rejects); `url` points
   * it elsewhere (where nothing answers).
   */
  client(options?: { fetch?: typeof fetch; anonKey?: string; url?: string }): WorkspaceClient;
}

// Loaded by path: mf-writings does not depend on the backend package, and the backend's test client
// brings the `ws` transport supabase-js needs on Node 20.
const backendDirectory = new URL('../../../local-backend/', import.meta.url);
const load = (path: string) => import(/* @vite-ignore */ new URL(path, backendDirectory).href);

/**
 * Starts the real local backend (real Postgres and RLS) on a free port with a throwaway database, for
 * tests in the Node environment (component tests in happy-dom use `startTestBackend`, a child process).
 */
export async function startInProcessBackend(): Promise<InProcessBackend> {
  const { startBackend } = await load('src/backend.ts');
  const { createTestClient } = await load('tests/auth-test-support.ts');
  const backend = await startBackend({ dataDir: 'memory://', port: 0 });
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    stop: () => backend.stop(),
    client: ({ fetch, anonKey = backend.anonKey, url = backend.url } = {}) =>
      createTestClient({ url, anonKey }, fetch ? { fetch } : {}),
  };
}
