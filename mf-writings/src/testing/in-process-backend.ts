import { startTestBackend, type TestBackend } from 'local-backend/testing';
import type { WorkspaceClient } from 'shared-kernel';
import { testClientOf } from 'shared-kernel/testing';
import { afterAll, beforeAll } from 'vitest';
import { disconnectWritingsStore } from '../features/writings-store/index.ts';

/** The local backend's test backend, whose clients are the kernel's own, as the areas get them. */
export interface InProcessBackend extends Omit<TestBackend, 'client'> {
  /** A client as `TestBackend.client`'s; `realtimeAfter` holds its realtime back, as a page's first screen does. */
  client(
    options?: Parameters<TestBackend['client']>[0] & { realtimeAfter?: () => Promise<void> },
  ): WorkspaceClient;
}

/** Starts the real local backend (real Postgres and RLS) in this process; for tests in Node's environment. */
export async function startInProcessBackend(): Promise<InProcessBackend> {
  const backend = await startTestBackend();
  return {
    ...backend,
    client: ({ fetch, anonKey = backend.anonKey, url = backend.url, realtimeAfter } = {}) =>
      testClientOf({ url, anonKey }, { fetch, realtimeAfter }),
  };
}

/**
 * The backend of a test file: started before its tests (migrating takes seconds, more on a busy machine),
 * stopped after them with the writings store disconnected from it. The object answered is filled in once
 * started, so the tests use it as the backend itself.
 */
export function backendForThisFile(): InProcessBackend {
  const backend = {} as InProcessBackend;
  beforeAll(async () => {
    Object.assign(backend, await startInProcessBackend());
  }, 120_000);
  afterAll(async () => {
    disconnectWritingsStore();
    await backend.stop?.();
  });
  return backend;
}

/** Signs up a new writer on `backend` (the e-mail made from `label`): their client, id and e-mail. */
export async function signUpOn(
  backend: InProcessBackend,
  label: string,
): Promise<{ client: WorkspaceClient; userId: string; email: string }> {
  const client = backend.client();
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, userId: data.user.id, email };
}
