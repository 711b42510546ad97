import { createTestClient } from './test-client.ts';

/** A backend for one test file: a throwaway database on a free port, and clients of it. */
export interface TestBackend {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  stop(): Promise<void>;
  /**
   * A new signed-out client through the real supabase-js. `fetch` may stand between it and the network
   * (to cut it, or lose answers); `anonKey` replaces the key (a token the backend rejects); `url` points
   * it elsewhere (where nothing answers).
   */
  client(options?: {
    fetch?: typeof fetch;
    anonKey?: string;
    url?: string;
  }): ReturnType<typeof createTestClient>;
}

/**
 * Starts the real local backend (real Postgres and RLS) in this process, on a free port with a throwaway
 * in-memory database (seeded with the demo users), and tier limits counted but not enforced unless asked
 * (they are tested on their own). For tests in Node's environment; component tests in
 * happy-dom use `spawnTestBackend`.
 */
export async function startTestBackend({
  tierLimits = 'off',
}: {
  tierLimits?: 'enforced' | 'off';
} = {}): Promise<TestBackend> {
  // Loaded here, not at the top: component tests in happy-dom import this module for `spawnTestBackend`,
  // and the backend's modules cannot even be loaded there (they resolve files from `import.meta.url`).
  const { startBackend } = await import('../backend.ts');
  const backend = await startBackend({ dataDir: 'memory://', port: 0, tierLimits });
  return {
    url: backend.url,
    anonKey: backend.anonKey,
    serviceRoleKey: backend.serviceRoleKey,
    stop: () => backend.stop(),
    client: ({ fetch, anonKey = backend.anonKey, url = backend.url } = {}) =>
      createTestClient({ url, anonKey }, fetch ? { fetch } : {}),
  };
}
