/**
 * Search overlay latency (`pnpm --filter tests bench:search`): the `search_workspace` RPC through the real
 * supabase-js, signed in as the owner of 50,000 writings and 50,000 ideas (the budget's size; seeding them
 * takes about 2.5 minutes here: BENCH_WRITINGS and BENCH_IDEAS set smaller ones for a quick look), on the
 * in-process local backend. Prints p50 and p95 per kind of query and over all of them.
 * Budget (docs/architecture.md, Budgets): results <= 50 ms p95.
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { format, percentile, seedCorpus } from './support/corpus.ts';

const WRITINGS = Number(process.env.BENCH_WRITINGS ?? 50_000);
const IDEAS = Number(process.env.BENCH_IDEAS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 50);
const WARM_UP = 10;
const BUDGET_P95_MS = 50;
const OWNER = { email: 'search-bench@example.com', password: 'search-bench-password' };

const QUERIES: readonly { label: string; query: string }[] = [
  { label: 'word in 20% of items', query: 'harbour' },
  { label: 'word in 1% of items', query: 'lantern' },
  { label: 'word in 0.1% of items', query: 'zephyr' },
  { label: 'two words, 5% each', query: 'winter garden' },
  { label: 'partial word (trigram)', query: 'ligh' },
  { label: 'no match', query: 'xylophonic' },
];

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

  await seedCorpus(backend, ownerId, { writings: WRITINGS, ideas: IDEAS });

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
