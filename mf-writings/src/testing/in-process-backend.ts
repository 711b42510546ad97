import { startTestBackend, type TestBackend } from 'local-backend/testing';
import type { WorkspaceClient } from 'shared-kernel';

/** The local backend's test backend, whose clients are typed with the product schema. */
export interface InProcessBackend extends Omit<TestBackend, 'client'> {
  client(options?: Parameters<TestBackend['client']>[0]): WorkspaceClient;
}

/** Starts the real local backend (real Postgres and RLS) in this process; for tests in Node's environment. */
export async function startInProcessBackend(): Promise<InProcessBackend> {
  const backend = await startTestBackend();
  return { ...backend, client: (options) => backend.client(options) as WorkspaceClient };
}
