/**
 * Offline sync (`pnpm bench:offline`): 10,000 edits queued offline across 1,000 writings (500 made
 * offline, 500 already on the server, 10 edits each; BENCH_WRITINGS sets another number of writings),
 * then synced on reconnect by the product's outbox sync, through the real supabase-js, to the in-process local backend (real Postgres and RLS). IndexedDB is
 * fake-indexeddb (a complete in-memory implementation). Prints the time to an empty outbox and the
 * counts of lost and duplicated changes.
 * Budget (docs/architecture.md, Budgets): <= 5 s for 10,000 edits, zero lost, zero duplicated.
 */
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from 'local-backend';
import { testClientOf } from 'shared-kernel/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  enqueue,
  type LocalWriting,
  newLocalId,
  openLocalDatabase,
  outboxEntries,
  serverIdOf,
} from '../../mf-writings/src/features/offline-store/local-database.ts';
import { createOutboxSync } from '../../mf-writings/src/features/offline-store/outbox-sync.ts';

const WRITINGS = Number(process.env.BENCH_WRITINGS ?? 1000);
const EDITS_PER_WRITING = 10;

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0 });
});

afterAll(async () => {
  await backend?.stop();
});

const documentOf = (title: string, body: string) => ({
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: title }] },
    { type: 'paragraph', content: [{ type: 'text', text: body }] },
  ],
});

it(`syncs ${WRITINGS * EDITS_PER_WRITING} queued edits across ${WRITINGS} writings`, async () => {
  const client = testClientOf(backend);
  const { data, error } = await client.auth.signUp({
    email: `offline-bench-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'a-password',
  });
  if (error || !data.user) throw error ?? new Error('no user');
  const userId = data.user.id;
  // On Max: the Free plan's 3 documents a month would refuse all but the first writings.
  await backend.database.pg.query(
    `insert into public.subscriptions (user_id, status, tier) values ($1, 'active', 'MAX')`,
    [userId],
  );
  const database = await openLocalDatabase(userId);

  // Half the writings exist on the server (loaded before going offline), half are made offline.
  const { data: existing, error: insertError } = await client
    .from('writings')
    .insert(
      Array.from({ length: WRITINGS / 2 }, (_, index) => ({
        user_id: userId,
        title: `Server ${index}`,
        content: documentOf(`Server ${index}`, ''),
      })),
    )
    .select('id, title, created_at, updated_at');
  if (insertError) throw insertError;
  const writings: LocalWriting[] = existing.map((row) => ({
    ...row,
    user_id: userId,
    preview: '',
    content: documentOf(row.title, ''),
    category: null,
    category_id: null,
    base: row.updated_at,
  }));
  for (let index = 0; index < WRITINGS / 2; index += 1) {
    const now = new Date().toISOString();
    const writing: LocalWriting = {
      id: newLocalId(),
      user_id: userId,
      title: `Offline ${index}`,
      preview: '',
      content: documentOf(`Offline ${index}`, ''),
      category: null,
      category_id: null,
      created_at: now,
      updated_at: now,
      base: null,
    };
    await enqueue(database, {
      op: 'create',
      id: writing.id,
      payload: { title: writing.title, content: writing.content ?? undefined },
      writing,
    });
    writings.push(writing);
  }

  // Offline: ten edits per writing, interleaved across writings as a writer moving between them would.
  const expected = new Map<string, { title: string; body: string }>();
  const queuing = performance.now();
  for (let edit = 1; edit <= EDITS_PER_WRITING; edit += 1) {
    for (const writing of writings) {
      const body = `${writing.title}, edit ${edit}: ${'words '.repeat(20)}`;
      const content = documentOf(writing.title, body);
      await enqueue(database, {
        op: 'update',
        id: writing.id,
        payload: { title: writing.title, content },
        writing: { ...writing, content, preview: body },
      });
      expected.set(serverIdOf(writing.id), { title: writing.title, body });
    }
  }
  const queuedMs = performance.now() - queuing;
  const entries = (await outboxEntries(database)).length;

  // Reconnect: one flush empties the outbox.
  const sync = createOutboxSync({ database, client, userId, onEvent: () => {} });
  const started = performance.now();
  await sync.flush();
  const syncMs = performance.now() - started;
  sync.dispose();

  const { data: rows, error: readError } = await client.from('writings').select('id, title, content');
  if (readError) throw readError;
  const lost = [...expected].filter(([id, { body }]) => {
    const row = rows.find((candidate) => candidate.id === id);
    return !row || !JSON.stringify(row.content).includes(body);
  }).length;
  const duplicated =
    rows.length - new Set(rows.map((row) => row.title)).size + Math.max(0, rows.length - WRITINGS);
  const left = (await outboxEntries(database)).length;

  console.log(
    [
      `offline sync: ${WRITINGS * EDITS_PER_WRITING} edits across ${WRITINGS} writings (${WRITINGS / 2} made offline)`,
      `  queued on the device in ${queuedMs.toFixed(0)} ms (${entries} outbox entries: each writing's edits fold into one update)`,
      `  synced in ${syncMs.toFixed(0)} ms (budget 5000 ms for 10,000 edits); ${left} entries left`,
      `  lost: ${lost} (budget 0), duplicated: ${duplicated} (budget 0)`,
    ].join('\n'),
  );
  expect({ lost, duplicated, left }).toEqual({ lost: 0, duplicated: 0, left: 0 });
});
