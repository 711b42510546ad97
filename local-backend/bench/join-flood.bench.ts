/**
 * Realtime join flood benchmark (not a timed test). Budget (docs/architecture.md, Budgets): while one socket sends
 * 5,000 channel joins with nothing but the anon key, an unrelated REST read keeps p95 <= 250 ms.
 * Run from the repository root: `pnpm bench:backend` (or `pnpm --filter local-backend exec tsx
 * bench/join-flood.bench.ts` alone).
 *
 * A signed-in reader lists 20 of its writings over keep-alive HTTP, one request after the other, for the
 * whole flood plus a second; the flood is sent in one burst, as fast as the socket takes it, each join
 * asking for changes of `writings` with a filter (the costliest join: privilege and filter checks). The
 * bench reports the reads' latencies, how many joins were answered and how, and when the flooding socket
 * was closed.
 */
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient, uniqueEmail } from '../tests/auth-test-support.ts';

const JOINS = 5000;
const BUDGET_P95_MS = 250;

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
const format = (milliseconds: number) => `${milliseconds.toFixed(1)} ms`;

function get(agent: Agent, url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function signedInReader(backend: Backend) {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signUp({
    email: uniqueEmail('flood-reader'),
    password: 'bench-pw',
  });
  if (error || !data.session) throw new Error(`sign-up failed: ${error?.message}`);
  const rows = Array.from({ length: 200 }, (_, index) => ({ title: `Writing ${index}` }));
  const { error: insertError } = await client.from('writings').insert(rows);
  if (insertError) throw insertError;
  return data.session.access_token;
}

/** Sends JOINS joins in one burst on one anon socket; resolves with what came back once it settles. */
async function flood(backend: Backend) {
  const socket = new WebSocket(
    `${backend.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${backend.anonKey}&vsn=2.0.0`,
  );
  await once(socket, 'open');
  const replies = { ok: 0, error: 0, reasons: new Map<string, number>() };
  let closedAt: number | undefined;
  socket.on('message', (data) => {
    const [, , , event, payload] = JSON.parse(String(data)) as [
      unknown,
      unknown,
      string,
      string,
      { status?: string; response?: { reason?: unknown } },
    ];
    if (event !== 'phx_reply') return;
    if (payload.status === 'ok') replies.ok++;
    else {
      replies.error++;
      const reason = String(payload.response?.reason);
      replies.reasons.set(reason, (replies.reasons.get(reason) ?? 0) + 1);
    }
  });
  const closed = once(socket, 'close').then(() => {
    closedAt = performance.now();
  });
  const start = performance.now();
  for (let index = 0; index < JOINS; index++) {
    const ref = String(index + 1);
    socket.send(
      JSON.stringify([
        ref,
        ref,
        `realtime:flood-${index}`,
        'phx_join',
        {
          config: {
            postgres_changes: [
              {
                event: '*',
                schema: 'public',
                table: 'writings',
                filter: `category_id=eq.00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
              },
            ],
          },
        },
      ]),
    );
  }
  return { start, replies, closed, socket, closedAfter: () => (closedAt ?? Number.NaN) - start };
}

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
try {
  const token = await signedInReader(backend);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = `${backend.url}/rest/v1/writings?select=id,title&order=created_at.desc&limit=20`;
  const headers = { apikey: backend.anonKey, authorization: `Bearer ${token}` };
  for (let index = 0; index < 50; index++) await get(agent, url, headers);

  const run = await flood(backend);
  // Reads that started while the flood was still being answered; the second after it is reported apart.
  const latencies: number[] = [];
  const after: number[] = [];
  let settledAt = Number.POSITIVE_INFINITY;
  // Reads until every join is answered (or the socket is closed) and one more second has passed.
  while (performance.now() < settledAt + 1000) {
    const begin = performance.now();
    const status = await get(agent, url, headers);
    if (status !== 200) throw new Error(`REST read answered ${status}`);
    (begin < settledAt ? latencies : after).push(performance.now() - begin);
    const answered = run.replies.ok + run.replies.error;
    if (settledAt === Number.POSITIVE_INFINITY && (answered >= JOINS || run.socket.readyState >= 2)) {
      settledAt = performance.now();
    }
  }
  run.socket.terminate();
  const sorted = latencies.sort((a, b) => a - b);
  const p95 = percentile(sorted, 0.95);
  const sortedAfter = after.sort((a, b) => a - b);
  console.log(`\nRealtime join flood: ${JOINS} joins on one anon socket, REST reads meanwhile`);
  console.log(
    `  REST read (20 of 200 writings)  p50 ${format(percentile(sorted, 0.5))}  p95 ${format(p95)}  max ${format(sorted.at(-1) ?? Number.NaN)}  (${sorted.length} reads during the flood)  budget p95 <= ${BUDGET_P95_MS} ms: ${p95 <= BUDGET_P95_MS ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  the second after                p50 ${format(percentile(sortedAfter, 0.5))}  p95 ${format(percentile(sortedAfter, 0.95))}  (${sortedAfter.length} reads)`,
  );
  console.log(
    `  joins answered ok ${run.replies.ok}, refused ${run.replies.error}, unanswered ${JOINS - run.replies.ok - run.replies.error}; flood settled after ${format(settledAt - run.start)}${Number.isNaN(run.closedAfter()) ? '' : `, socket closed by the server after ${format(run.closedAfter())}`}`,
  );
  for (const [reason, count] of run.replies.reasons) console.log(`    refused ${count}x: ${reason}`);
  agent.destroy();
} finally {
  await backend.stop();
}
process.exit(0);
