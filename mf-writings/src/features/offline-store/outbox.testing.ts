// Helpers of the outbox's integration tests: a writer with two devices, local copies and edits queued
// the way the store queues them, and a sync whose retries are recorded.
import type { WorkspaceClient } from 'shared-kernel';
import { documentOf } from '../../testing/documents.ts';
import type { InProcessBackend } from '../../testing/in-process-backend.ts';
import { enqueue, type LocalDatabase, type LocalWriting, newLocalId } from './local-database.ts';
import { createOutboxSync } from './outbox-sync.ts';
import type { SyncEvent } from './sync-steps.ts';

export { documentOf };

/** A writer signed up on `backend`, with a second signed-in device (`elsewhere`). */
export async function signUpWriter(backend: InProcessBackend, options: { fetch?: typeof fetch } = {}) {
  const email = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const client = backend.client(options);
  const { data, error } = await client.auth.signUp({ email, password: 'a-password' });
  if (error || !data.user) throw new Error(error?.message ?? 'no user');
  // A second device of the same writer.
  const elsewhere = backend.client();
  await elsewhere.auth.signInWithPassword({ email, password: 'a-password' });
  return { client, elsewhere, userId: data.user.id, email };
}

export const localCopy = (
  id: string,
  userId: string,
  title: string,
  body: string,
  base: string | null = null,
) =>
  ({
    id,
    user_id: userId,
    title,
    preview: body,
    content: documentOf(title, body),
    category: null,
    category_id: null,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    base,
  }) satisfies LocalWriting;

/**
 * Queues a writing made on this device the way the store does: its local copy (under a new `local_` id,
 * made now or at `createdAt`) and a create with its title and content.
 */
export async function create(
  database: LocalDatabase,
  userId: string,
  title: string,
  body = '',
  createdAt?: string,
): Promise<LocalWriting> {
  const id = newLocalId();
  const writing = { ...localCopy(id, userId, title, body), ...(createdAt ? { created_at: createdAt } : {}) };
  await enqueue(database, { op: 'create', id, payload: { title, content: writing.content }, writing });
  return writing;
}

/**
 * Queues an edit the way the editor does: the local copy and an update with title and content (and the
 * ids of its text, `writes`, as a tab sends them).
 */
export async function edit(
  database: LocalDatabase,
  writing: LocalWriting,
  title: string,
  body: string,
  writes: { writeId: string; continues: string | null } | Record<string, never> = {},
) {
  const next = { ...writing, title, preview: body, content: documentOf(title, body) };
  await enqueue(database, {
    op: 'update',
    id: writing.id,
    payload: { title, content: next.content, ...writes },
    writing: next,
  });
  return next;
}

/** The writings the client can read, by title. */
export async function serverWritings(client: WorkspaceClient) {
  const { data, error } = await client.from('writings').select('id, title, content').order('title');
  if (error) throw error;
  return data;
}

/** A sync whose retries are recorded instead of waited for. */
export function syncFor(database: LocalDatabase, client: WorkspaceClient, userId: string) {
  const events: SyncEvent[] = [];
  const retries: number[] = [];
  const sync = createOutboxSync({
    database,
    client,
    userId,
    onEvent: (event) => events.push(event),
    onRetry: (_failure, delayMs) => retries.push(delayMs),
    setTimer: () => 0,
    clearTimer: () => {},
  });
  return { sync, events, retries };
}

/** Queues a move the way the store does: the local copy in its new folder and an update of `category_id`. */
export async function move(database: LocalDatabase, writing: LocalWriting, folderId: string | null) {
  const next = { ...writing, category_id: folderId };
  await enqueue(database, {
    op: 'update',
    id: writing.id,
    payload: { category_id: folderId },
    writing: next,
  });
  return next;
}
