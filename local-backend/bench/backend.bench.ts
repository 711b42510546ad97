/**
 * Local backend benchmark (not a timed test): REST list-query latency against the same query as raw SQL
 * on the same PGlite, and REST requests per second at concurrency 10 and 50.
 * Run: `pnpm --filter local-backend exec tsx bench/backend.bench.ts` (budget, ARCHITECTURE.md: REST <= 1.5x raw).
 */
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient } from '../tests/auth-test-support.ts';

const WRITINGS = 2000;
const PAGE = 50;
const SAMPLES = 500;
const THROUGHPUT_SECONDS = 3;

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

async function measure(label: string, run: () => Promise<unknown>) {
  for (let warmUp = 0; warmUp < 50; warmUp++) await run();
  const durations: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    const start = performance.now();
    await run();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  return { label, p50: percentile(durations, 0.5), p95: percentile(durations, 0.95) };
}

async function throughput(concurrency: number, run: () => Promise<void>) {
  const deadline = performance.now() + THROUGHPUT_SECONDS * 1000;
  let completed = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await run();
        completed++;
      }
    }),
  );
  return completed / ((performance.now() - start) / 1000);
}

async function main(backend: Backend) {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (error || !data.session) throw new Error(`demo sign-in failed: ${error?.message}`);
  const { access_token: accessToken, user } = data.session;
  await backend.database.pg.query(
    `insert into public.writings (user_id, title, content, created_at)
     select $1, 'Bench writing ' || n, jsonb_build_object('text', repeat('words ', 50)), now() - n * interval '1 minute'
     from generate_series(1, $2::int) as n`,
    [user.id, WRITINGS],
  );

  const columns = 'id, title, category_id, created_at, updated_at';
  const listUrl = `${backend.url}/rest/v1/writings?select=${columns.replaceAll(' ', '')}&user_id=eq.${user.id}&order=created_at.desc&offset=0&limit=${PAGE}`;
  const headers = { apikey: backend.anonKey, authorization: `Bearer ${accessToken}` };
  const restList = async () => {
    const response = await fetch(listUrl, { headers });
    if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
    const rows = (await response.json()) as unknown[];
    if (rows.length !== PAGE) throw new Error(`REST returned ${rows.length} rows`);
  };
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const rawList = () =>
    backend.database.runAs({ role: 'authenticated', claims }, (tx) =>
      tx.query(
        `select ${columns} from public.writings where user_id = $1 order by created_at desc limit ${PAGE}`,
        [user.id],
      ),
    );

  const raw = await measure('raw SQL (runAs, same role and claims)', rawList);
  const rest = await measure('REST over HTTP (fetch, keep-alive)', restList);
  const format = (milliseconds: number) => `${milliseconds.toFixed(2)} ms`;
  console.log(
    `\nList query: ${PAGE} of ${WRITINGS} writings of one user, newest first, under RLS (${SAMPLES} samples)`,
  );
  for (const row of [raw, rest])
    console.log(`  ${row.label.padEnd(40)} p50 ${format(row.p50)}  p95 ${format(row.p95)}`);
  console.log(
    `  REST / raw ratio                         p50 ${(rest.p50 / raw.p50).toFixed(2)}x  p95 ${(rest.p95 / raw.p95).toFixed(2)}x`,
  );

  console.log(`\nREST list requests per second (${THROUGHPUT_SECONDS} s each)`);
  for (const concurrency of [10, 50]) {
    console.log(
      `  concurrency ${String(concurrency).padEnd(3)} ${(await throughput(concurrency, restList)).toFixed(0)} req/s`,
    );
  }
}

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
try {
  await main(backend);
} finally {
  await backend.stop();
}
