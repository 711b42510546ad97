/**
 * Local backend live parts benchmark (not a timed test): realtime change-to-callback latency with 500
 * subscribers (budget: docs/architecture.md, Budgets; BENCH_SUBSCRIBERS sets another number, 50 for a
 * quick look), and storage upload throughput.
 * Run: `pnpm --filter local-backend exec tsx bench/live.bench.ts`.
 *
 * Latency runs from just before the writing statement (in process, as the row's owner) to each
 * subscriber's supabase-js callback, so it covers commit, notification, the per-subscriber re-read under
 * RLS, the WebSocket frame and the client's decoding. One change at a time: the next write starts once
 * every subscriber got the previous one.
 *
 * The supabase-js clients share the backend's process (and its 2 cores), so their own decoding adds
 * to the latency; the bench also reports the server-side latency, to the moment the backend hands a
 * change's frame to its socket (taken by wrapping `ws`'s send, which only the server calls with a row).
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import { WebSocket } from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from '../tests/auth-test-support.ts';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500);
const CHANGES = 100;
const UPLOAD_SECONDS = 3;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
const format = (milliseconds: number) => `${milliseconds.toFixed(1)} ms`;

interface User {
  client: SupabaseClient;
  id: string;
  claims: Record<string, unknown>;
}

let signUps = 0;

async function signUp(backend: Backend, label: string): Promise<User> {
  // Each user comes from an address of its own (the bench's backend trusts X-Forwarded-For): from one,
  // the per-client limits would refuse most of 500 sign-ups.
  const address = `10.0.${Math.floor(signUps / 250)}.${(signUps % 250) + 1}`;
  signUps += 1;
  const client = createTestClient(backend, {
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', address);
      return fetch(input, { ...init, headers });
    },
  });
  const { data, error } = await client.auth.signUp({ email: uniqueEmail(label), password: 'bench-password' });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  const claims = JSON.parse(
    Buffer.from(data.session.access_token.split('.')[1] ?? '', 'base64url').toString(),
  );
  return { client, id: data.session.user.id, claims };
}

/** Subscribes each client to writings of `folderId`; `onChange` gets the subscriber's index. */
async function subscribeAll(clients: SupabaseClient[], folderId: string, onChange: (title: string) => void) {
  await Promise.all(
    clients.map(
      (client) =>
        new Promise<void>((resolve, reject) => {
          client
            .channel(`bench-${randomUUID()}`)
            .on(
              'postgres_changes',
              { event: 'INSERT', schema: 'public', table: 'writings', filter: `category_id=eq.${folderId}` },
              (payload) => onChange(String(payload.new.title)),
            )
            .subscribe((status, error) => {
              if (status === 'SUBSCRIBED') resolve();
              if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(error ?? new Error(status));
            });
        }),
    ),
  );
}

const originalSend = WebSocket.prototype.send;

/**
 * Writes CHANGES writings one at a time; returns every subscriber's latency and, server side, every
 * frame's, sorted.
 */
async function measureLatency(backend: Backend, owner: User, folderId: string, clients: SupabaseClient[]) {
  const latencies: number[] = [];
  const serverLatencies: number[] = [];
  let pending: { title: string; start: number; remaining: number; done: () => void } | undefined;
  WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    if (pending && typeof data === 'string' && data.includes(`"title":${JSON.stringify(pending.title)}`)) {
      serverLatencies.push(performance.now() - pending.start);
    }
    return Reflect.apply(originalSend, this, [data, ...rest]);
  } as typeof originalSend;
  await subscribeAll(clients, folderId, (title) => {
    if (!pending || title !== pending.title) return;
    latencies.push(performance.now() - pending.start);
    pending.remaining -= 1;
    if (pending.remaining === 0) pending.done();
  });
  for (let change = 0; change < CHANGES; change++) {
    const title = `Change ${change}`;
    const delivered = new Promise<void>((done) => {
      pending = { title, start: performance.now(), remaining: clients.length, done };
    });
    await backend.database.runAs({ role: 'authenticated', claims: owner.claims }, (tx) =>
      tx.query('insert into public.writings (title, category_id, content) values ($1, $2, $3)', [
        title,
        folderId,
        {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'words '.repeat(100) }] }],
        },
      ]),
    );
    await delivered;
  }
  WebSocket.prototype.send = originalSend;
  for (const client of clients) await client.removeAllChannels();
  return {
    latencies: latencies.sort((a, b) => a - b),
    serverLatencies: serverLatencies.sort((a, b) => a - b),
  };
}

async function createFolder(owner: User, sharedWith: User[]) {
  const { data, error } = await owner.client
    .from('categories')
    .insert({ name: `Bench ${randomUUID()}`, item_type: 'writing' })
    .select('id')
    .single();
  if (error) throw error;
  const folderId = (data as { id: string }).id;
  if (sharedWith.length > 0) {
    const shares = sharedWith.map((user) => ({ category_id: folderId, shared_with_user_id: user.id }));
    const { data: made, error: shareError } = await owner.client
      .from('category_shares')
      .insert(shares)
      .select('id, shared_with_user_id');
    if (shareError) throw shareError;
    // A share gives access once its recipient accepts the invitation.
    for (const user of sharedWith) {
      const share = made.find((row) => row.shared_with_user_id === user.id);
      const { error } = await user.client.rpc('accept_folder_invitation', { share_id: share?.id ?? '' });
      if (error) throw error;
    }
  }
  return folderId;
}

async function realtimeLatency(backend: Backend) {
  const owner = await signUp(backend, 'bench-owner');
  const readers: User[] = [];
  for (let index = 0; index < SUBSCRIBERS; index++)
    readers.push(await signUp(backend, `bench-reader-${index}`));

  console.log(`\nRealtime change-to-callback, ${SUBSCRIBERS} subscribers, ${CHANGES} inserts one at a time`);
  const scenarios = [
    {
      label: `${SUBSCRIBERS} users in a shared folder`,
      folderId: await createFolder(owner, readers),
      clients: readers.map((reader) => reader.client),
    },
    {
      label: `one user, ${SUBSCRIBERS} tabs (one token)`,
      folderId: await createFolder(owner, []),
      clients: Array.from({ length: SUBSCRIBERS }, () => {
        const tab = createTestClient(backend);
        // Each tab is its own socket with the owner's token, as 50 browser tabs would be.
        tab.realtime.setAuth(owner.client.realtime.accessTokenValue);
        return tab;
      }),
    },
  ];
  for (const scenario of scenarios) {
    const { latencies, serverLatencies } = await measureLatency(
      backend,
      owner,
      scenario.folderId,
      scenario.clients,
    );
    const summary = (values: number[]) =>
      `p50 ${format(percentile(values, 0.5))}  p95 ${format(percentile(values, 0.95))}  max ${format(values.at(-1) ?? Number.NaN)}`;
    console.log(`  ${scenario.label}`);
    console.log(`    to the callback       ${summary(latencies)}  (${latencies.length} callbacks)`);
    console.log(`    to the server's send  ${summary(serverLatencies)}  (${serverLatencies.length} frames)`);
  }
}

async function uploadThroughput(backend: Backend) {
  const uploader = await signUp(backend, 'bench-uploader');
  const bucket = uploader.client.storage.from('photo-clips');
  console.log(`\nStorage uploads through supabase-js (${UPLOAD_SECONDS} s each)`);
  for (const { size, concurrency } of [
    { size: 10 * 1024, concurrency: 1 },
    { size: 10 * 1024, concurrency: 10 },
    { size: 1024 * 1024, concurrency: 1 },
    { size: 1024 * 1024, concurrency: 10 },
  ]) {
    // A PNG signature first: storage checks a declared image type against the file's magic numbers.
    const bytes = Buffer.alloc(size, 7);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const deadline = performance.now() + UPLOAD_SECONDS * 1000;
    const start = performance.now();
    let completed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline) {
          const { error } = await bucket.upload(`${uploader.id}/${randomUUID()}.png`, bytes, {
            contentType: 'image/png',
          });
          if (error) throw error;
          completed++;
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    const label = `${size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`} images, concurrency ${concurrency}`;
    console.log(
      `  ${label.padEnd(36)} ${(completed / seconds).toFixed(0)} uploads/s  ${((completed * size) / seconds / 1024 / 1024).toFixed(1)} MB/s`,
    );
  }
}

const backend = await startBackend({ dataDir: 'memory://', port: 0, tierLimits: 'off', trustProxy: true });
try {
  await realtimeLatency(backend);
  await uploadThroughput(backend);
} finally {
  await backend.stop();
}
// supabase-js clients keep timers; the numbers are out.
process.exit(0);
