import { openDB } from 'idb';
import { cuttableNetwork, type TestBackend } from 'local-backend/testing';
import type { WorkspaceClient } from 'shared-kernel';
import { testClientOf } from 'shared-kernel/testing';
import { createIdeasStore, type IdeasStore, serverWrites } from '../ideas-store/index.ts';
import { ideasDatabaseName } from './local-ideas.ts';
import { offlineIdeaWrites } from './offline-writes.ts';

/** A new writer whose connection a test can cut (`net.down`) or make lose answers (`net.loseAnswers`). */
export async function signUpOfflineWriter(backend: TestBackend, label: string) {
  const net = cuttableNetwork();
  const client = testClientOf(backend, { fetch: net.fetch });
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  return { client, userId: data.user.id, email, net };
}

export type OfflineWriter = Awaited<ReturnType<typeof signUpOfflineWriter>>;

/** Another client signed in as the writer: another tab (on the writer's `fetch`) or another device. */
export async function anotherClientOf(
  backend: TestBackend,
  writer: OfflineWriter,
  options: { fetch?: typeof fetch } = {},
): Promise<WorkspaceClient> {
  const client = testClientOf(backend, options);
  const { data } = await writer.client.auth.getSession();
  await client.auth.setSession({
    access_token: data.session?.access_token ?? '',
    refresh_token: data.session?.refresh_token ?? '',
  });
  return client;
}

/** An ideas store of the writer that keeps its writes on the device (not yet started); added to `stores`. */
export function openOfflineStore(
  { client, userId }: { client: WorkspaceClient; userId: string },
  stores: IdeasStore[],
): IdeasStore {
  const store = createIdeasStore({
    client,
    userId,
    writes: offlineIdeaWrites(client, userId, serverWrites(client, userId)),
  });
  stores.push(store);
  return store;
}

/** Holds every update at the network until the test calls its release, in the order they were sent. */
export function holdUpdates(writer: OfflineWriter): (() => void)[] {
  const held: (() => void)[] = [];
  writer.net.before = (request) =>
    request.method === 'PATCH' ? new Promise((resolve) => held.push(resolve)) : Promise.resolve();
  return held;
}

/** The text of idea `id` in the device's copy (which the browser's tabs share). */
export async function deviceText(writer: OfflineWriter, id: string): Promise<string | undefined> {
  const database = await openDB(ideasDatabaseName(writer.userId));
  try {
    return ((await database.get('ideas', id)) as { content?: string } | undefined)?.content;
  } finally {
    database.close();
  }
}
