/**
 * Search overlay latency (`pnpm --filter tests bench:search`): the `search_workspace` RPC through the real
 * supabase-js, signed in as the owner of 10,000 writings and 10,000 ideas, on the in-process local
 * backend. Prints p50 and p95 per kind of query and over all of them.
 * Budget (docs/architecture.md, Budgets): results <= 50 ms p95.
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';

const WRITINGS = 10_000;
const IDEAS = 10_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const WARM_UP = 10;
const BUDGET_P95_MS = 50;
const OWNER = { email: 'search-bench@example.com', password: 'search-bench-password' };

// The corpus: words drawn from a synthetic vocabulary with Zipf-like frequencies (a few words in most
// documents, most words in few), plus real words planted at known rates, so the queries below span
// thousands of matches down to a handful.
const SYLLABLES = [
  'ka',
  'lo',
  'mir',
  'ten',
  'su',
  'rav',
  'de',
  'po',
  'lin',
  'gar',
  'vo',
  'sel',
  'tu',
  'ben',
  'no',
  'fay',
];
const VOCABULARY = SYLLABLES.flatMap((first) =>
  SYLLABLES.flatMap((second) => SYLLABLES.slice(0, 12).map((third) => `${first}${second}${third}`)),
);
const PLANTED: readonly { word: string; rate: number }[] = [
  { word: 'harbour', rate: 0.2 },
  { word: 'winter', rate: 0.05 },
  { word: 'garden', rate: 0.05 },
  { word: 'lighthouse', rate: 0.02 },
  { word: 'lantern', rate: 0.01 },
  { word: 'zephyr', rate: 0.001 },
];

const QUERIES: readonly { label: string; query: string }[] = [
  { label: 'word in 20% of items', query: 'harbour' },
  { label: 'word in 1% of items', query: 'lantern' },
  { label: 'word in 0.1% of items', query: 'zephyr' },
  { label: 'two words, 5% each', query: 'winter garden' },
  { label: 'partial word (trigram)', query: 'ligh' },
  { label: 'no match', query: 'xylophonic' },
];

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
const format = (milliseconds: number) => `${milliseconds.toFixed(1).padStart(6)} ms`;

const backend = await startBackend({ dataDir: 'memory://', port: 0 });
try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; supabase-js refuses to start without one.
    realtime: { transport: WebSocket as never },
  });
  const signUp = await client.auth.signUp(OWNER);
  const ownerId = signUp.data.user?.id;
  if (signUp.error || !ownerId || !signUp.data.session)
    throw new Error(`sign-up failed: ${signUp.error?.message}`);

  // Bulk data with the service role: plain SQL, one transaction, deterministic pseudo-random words.
  const seedStart = performance.now();
  await backend.database.pg.transaction(async (tx) => {
    await tx.query('select setseed(0.42)');
    // `count` words of the vocabulary ($2), then the planted words ($3, $4) each at its rate. The index
    // exp(random() * ln(size)) is log-uniform: word i is drawn about as often as 1/i. `where n > 0`
    // ties each subquery to its row, so every row draws new words.
    const words = (count: number) =>
      `(select string_agg(($2::text[])[floor(exp(random() * ln(cardinality($2::text[]))))::int], ' ')
        from generate_series(1, ${count}) where n > 0)`;
    const planted = `coalesce((select ' ' || string_agg(word, ' ')
        from unnest($3::text[], $4::float8[]) as planted (word, rate) where random() < rate and n > 0), '')`;
    const paragraph = (text: string) =>
      `jsonb_build_object('type', 'paragraph', 'content', jsonb_build_array(jsonb_build_object('type', 'text', 'text', ${text})))`;
    const plantedWords = PLANTED.map(({ word }) => word);
    const plantedRates = PLANTED.map(({ rate }) => rate);
    await tx.query(
      `insert into public.writings (user_id, title, content, created_at, updated_at)
       select $1, initcap(${words(4)}),
              jsonb_build_object('type', 'doc', 'content',
                jsonb_build_array(${paragraph(words(60))}, ${paragraph(`${words(60)} || ${planted}`)})),
              now() - n * interval '1 minute', now() - n * interval '1 minute'
       from generate_series(1, $5::int) as n`,
      [ownerId, VOCABULARY, plantedWords, plantedRates, WRITINGS],
    );
    await tx.query(
      `insert into public.ideas (user_id, content, created_at, updated_at)
       select $1, ${words(25)} || ${planted}, now() - n * interval '1 minute', now() - n * interval '1 minute'
       from generate_series(1, $5::int) as n`,
      [ownerId, VOCABULARY, plantedWords, plantedRates, IDEAS],
    );
  });
  await backend.database.pg.exec('analyze public.writings; analyze public.ideas');
  console.log(
    `Seeded ${WRITINGS} writings (~120 words) and ${IDEAS} ideas (~25 words) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const search = async (query: string) => {
    const { data, error } = await client.rpc('search_workspace', { query, max_results: 100 });
    if (error) throw new Error(`search_workspace failed: ${error.message}`);
    return data as unknown[];
  };

  console.log(
    `\nsearch_workspace through supabase-js, ${SAMPLES} samples per query (budget p95 <= ${BUDGET_P95_MS} ms)`,
  );
  console.log(`  ${'query'.padEnd(36)} results       p50        p95`);
  const all: number[] = [];
  for (const { label, query } of QUERIES) {
    let results = 0;
    for (let run = 0; run < WARM_UP; run++) results = (await search(query)).length;
    const durations: number[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const start = performance.now();
      await search(query);
      durations.push(performance.now() - start);
    }
    durations.sort((a, b) => a - b);
    all.push(...durations);
    console.log(
      `  ${`${label} '${query}'`.padEnd(36)} ${String(results).padStart(7)} ${format(percentile(durations, 0.5))} ${format(percentile(durations, 0.95))}`,
    );
  }
  all.sort((a, b) => a - b);
  const p95 = percentile(all, 0.95);
  console.log(
    `  ${'all queries'.padEnd(36)} ${''.padStart(7)} ${format(percentile(all, 0.5))} ${format(p95)}   ${p95 <= BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await backend.stop();
}
