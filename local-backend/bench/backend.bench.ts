/**
 * Local backend benchmark (not a timed test). Budget (docs/architecture.md, Budgets): REST overhead <= 1.5x the raw
 * Postgres query time. Measures one list query, 20 of a user's 2,000 writings newest first under RLS:
 * - REST: GET /rest/v1/writings over loopback HTTP (keep-alive), as supabase-js sends it;
 * - the same query as plain SQL: bare `pg.query` (superuser, so no RLS: the floor), in `runAs` (the
 *   role and claims of the same token, a transaction), and in `queryAs` (the one round trip REST uses);
 * then REST requests per second at concurrency 10 and 50.
 * Run from the repository root: `pnpm bench:backend`.
 *
 * The client runs in this process, so its own work counts against REST. It is `node:http` with a
 * keep-alive agent rather than `fetch`, whose client side alone costs ~0.3 ms more per request here.
 * The samples of all variants are interleaved, so a busy machine slows each of them alike.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from '../src/backend.ts';
import { createTestClient } from '../tests/auth-test-support.ts';

const WRITINGS = 2000;
const PAGE = 20;
const WARM_UP = 100;
const SAMPLES = 1000;
const REQUESTS_PER_CONCURRENCY = 3000;

type Variant = { label: string; run: () => Promise<unknown> };
type Timing = { label: string; p50: number; p95: number };

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

/** Times every variant SAMPLES times, taking turns (a, b, c, b, c, a, ...), after a warm-up. */
async function measure(variants: readonly Variant[]): Promise<Timing[]> {
  const durations = variants.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP + SAMPLES; round++) {
    for (let turn = 0; turn < variants.length; turn++) {
      const index = (round + turn) % variants.length;
      const start = performance.now();
      await variants[index]?.run();
      if (round >= WARM_UP) durations[index]?.push(performance.now() - start);
    }
  }
  return variants.map((variant, index) => {
    const sorted = (durations[index] ?? []).sort((a, b) => a - b);
    return { label: variant.label, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  });
}

/** Requests per second with `concurrency` requests always in flight, for a fixed number of requests. */
async function throughput(concurrency: number, run: () => Promise<unknown>): Promise<number> {
  let started = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < REQUESTS_PER_CONCURRENCY) {
        started++;
        await run();
      }
    }),
  );
  return REQUESTS_PER_CONCURRENCY / ((performance.now() - start) / 1000);
}

/** GET over a keep-alive agent; resolves with the status and body. */
function get(agent: Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request(url, { agent, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

async function main(backend: Backend) {
  const client = createTestClient(backend);
  const { data, error } = await client.auth.signInWithPassword({
    email: 'demo@example.com',
    password: 'demo-password',
  });
  if (error || !data.session) throw new Error(`demo sign-in failed: ${error?.message}`);
  const { access_token: accessToken, user } = data.session;
  // Rows added after start: planner statistics are those of the start's ANALYZE (migrate.ts).
  await backend.database.pg.query(
    `insert into public.writings (user_id, title, content, created_at)
     select $1, 'Bench writing ' || n, jsonb_build_object('text', repeat('words ', 50)), now() - n * interval '1 minute'
     from generate_series(1, $2::int) as n`,
    [user.id, WRITINGS],
  );

  const columns = 'id, title, category_id, created_at, updated_at';
  const listUrl = `${backend.url}/rest/v1/writings?select=${columns.replaceAll(' ', '')}&user_id=eq.${user.id}&order=created_at.desc&offset=0&limit=${PAGE}`;
  const headers = { apikey: backend.anonKey, authorization: `Bearer ${accessToken}` };
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const restList = async () => {
    const response = await get(agent, listUrl, headers);
    if (response.status !== 200) throw new Error(`REST answered ${response.status}`);
    const rows = JSON.parse(response.body) as unknown[];
    if (rows.length !== PAGE) throw new Error(`REST returned ${rows.length} rows`);
  };
  const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const auth = { role: 'authenticated', claims } as const;
  const sql = `select ${columns} from public.writings where user_id = $1 order by created_at desc limit ${PAGE}`;
  const expectPage = (result: { rows: unknown[] }) => {
    if (result.rows.length !== PAGE) throw new Error(`SQL returned ${result.rows.length} rows`);
  };
  const variants: Variant[] = [
    { label: 'REST list over HTTP (node:http, keep-alive)', run: restList },
    {
      label: 'raw SQL, bare pg.query (no RLS)',
      run: async () => expectPage(await backend.database.pg.query(sql, [user.id])),
    },
    {
      label: 'raw SQL in runAs (role + claims, RLS)',
      run: async () => expectPage(await backend.database.runAs(auth, (tx) => tx.query(sql, [user.id]))),
    },
    {
      label: 'raw SQL via queryAs (prepared, 1 round trip, RLS)',
      run: async () => expectPage(await backend.database.queryAs(auth, { sql, parameters: [user.id] })),
    },
  ];

  const [rest, bare, inRunAs, inQueryAs] = await measure(variants);
  if (!rest || !bare || !inRunAs || !inQueryAs) throw new Error('a variant was not measured');
  const milliseconds = (value: number) => `${value.toFixed(3)} ms`.padStart(9);
  const row = (label: string, p50: string, p95: string) => console.log(`  ${label.padEnd(50)} ${p50} ${p95}`);
  console.log(
    `\nList query: ${PAGE} of ${WRITINGS} writings of one user, newest first (${SAMPLES} interleaved samples each)`,
  );
  row('', 'p50'.padStart(9), 'p95'.padStart(9));
  for (const timing of [rest, inRunAs, bare, inQueryAs]) {
    row(timing.label, milliseconds(timing.p50), milliseconds(timing.p95));
  }
  const times = (value: number) => `${value.toFixed(2)}x`.padStart(9);
  console.log('\nRatios (budget, docs/architecture.md: REST <= 1.50x the raw query)');
  row('REST / raw SQL in runAs', times(rest.p50 / inRunAs.p50), times(rest.p95 / inRunAs.p95));
  row('REST / raw SQL, bare pg.query', times(rest.p50 / bare.p50), times(rest.p95 / bare.p95));
  row(
    'REST / same query via queryAs (HTTP + REST layer)',
    times(rest.p50 / inQueryAs.p50),
    times(rest.p95 / inQueryAs.p95),
  );

  console.log(`\nREST list throughput (${REQUESTS_PER_CONCURRENCY} requests each, loopback)`);
  for (const concurrency of [10, 50]) {
    const perSecond = await throughput(concurrency, restList);
    console.log(
      `  concurrency ${String(concurrency).padEnd(3)} ${perSecond.toFixed(0).padStart(6)} requests/s`,
    );
  }
  agent.destroy();
}

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
try {
  await main(backend);
} finally {
  await backend.stop();
}
