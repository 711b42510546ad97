/**
 * Chat speed (`pnpm bench:chat`), on the in-process local backend holding the corpus of
 * tests/perf/support/corpus.ts (10,000 writings and 10,000 ideas of one writer, on the Max plan so the
 * daily chat limit does not cut the samples short). Budgets (docs/architecture.md, Budgets):
 * - retrieval: the `chat_passages` RPC through supabase-js, p95 <= 50 ms;
 * - endpoint overhead: time to the first text chunk through POST /functions/v1/chat MINUS the time to
 *   the first chunk calling the same fake provider directly with the same question, <= 10 ms. Measured
 *   with the notes toggles off (the endpoint alone: auth, limits, storing the question) and on (plus
 *   retrieval). The fake answers its first piece at once, so what remains is the endpoint's.
 * A floor (a trivial request to the backend) and the endpoint's steps one by one are printed too, so a
 * busy machine can be told from a slow endpoint.
 */
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { startFakeLlm } from '../fixtures/fake-llm/fake-llm-server.ts';
import { format, percentile, seedCorpus } from './support/corpus.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARM_UP = 5;
const RETRIEVAL_BUDGET_P95_MS = 50;
const OVERHEAD_BUDGET_MS = 10;
/** Long enough for the fake's whole answer (~10 pieces, 5 ms apart) to be streamed and stored. */
const TURN_PAUSE_MS = 150;
const QUESTIONS = [
  'What did I write about the harbour in winter?',
  'Where is the lighthouse lantern?',
  'Tell me about the zephyr',
  'Summarise my notes on gardens',
  'What is a xylophonic thing?',
];

const fake = await startFakeLlm();
process.env.OPENAI_COMPATIBLE_BASE_URL = `${fake.url}/v1`;
process.env.OPENAI_COMPATIBLE_MODEL = 'fake-llm';
const backend = await startBackend({ dataDir: 'memory://', port: 0 });

/**
 * Runs `step` WARM_UP + SAMPLES times (cycling through the questions) and returns the sorted times.
 * `pauseMs` between samples, untimed: a chat turn goes on storing its answer after the first chunk, and
 * a writer asks the next question after reading it (PGlite would otherwise queue the two).
 */
async function timed(
  step: (question: string, run: number) => PromiseLike<unknown>,
  pauseMs = 0,
): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < WARM_UP + SAMPLES; run++) {
    const start = performance.now();
    await step(QUESTIONS[run % QUESTIONS.length] as string, run);
    if (run >= WARM_UP) times.push(performance.now() - start);
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return times.sort((a, b) => a - b);
}

const line = (label: string, times: readonly number[], verdict = '') =>
  console.log(
    `  ${label.padEnd(44)} p50 ${format(percentile(times, 0.5))}  p95 ${format(percentile(times, 0.95))}${verdict}`,
  );

/** Reads a streamed response until `marker` has arrived, then cancels it. */
async function untilChunk(response: Response, marker: string): Promise<void> {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(marker)) {
    const next = await reader?.read();
    if (!next || next.done) throw new Error(`"${marker}" never arrived (HTTP ${response.status}): ${seen}`);
    seen += decoder.decode(next.value, { stream: true });
  }
  await reader?.cancel();
}

/** The writer: signed up, on Max, owning the corpus. */
async function writer(): Promise<{ client: SupabaseClient; token: string }> {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const signUp = await client.auth.signUp({ email: 'chat-bench@example.com', password: 'chat-bench-pw' });
  const ownerId = signUp.data.user?.id;
  const token = signUp.data.session?.access_token;
  if (signUp.error || !ownerId || !token) throw new Error(`sign-up failed: ${signUp.error?.message}`);
  await backend.database.pg.query(
    `insert into public.subscriptions (user_id, status, tier) values ($1, 'active', 'MAX')`,
    [ownerId],
  );
  await seedCorpus(backend, ownerId);
  return { client, token };
}

/** The chat request of one question, with the notes toggles on or off. */
function chatRequest(token: string, question: string, notes: boolean) {
  return fetch(`${backend.url}/functions/v1/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      apikey: backend.anonKey,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      chatId: crypto.randomUUID(),
      model: 'local',
      isIdeasActive: notes,
      isWritingsActive: notes,
      messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
}

/** The same question straight to the fake provider, streamed, as the provider client sends it. */
function directRequest(question: string) {
  return fetch(`${fake.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer none' },
    body: JSON.stringify({
      model: 'fake-llm',
      stream: true,
      messages: [
        { role: 'system', content: 'You answer from the notes below.' },
        { role: 'user', content: question },
      ],
    }),
  });
}

/** The endpoint's steps one by one, as the writer's client makes them. */
async function steps(client: SupabaseClient, token: string): Promise<void> {
  console.log('\nsteps, one at a time (each through supabase-js, the writer’s token)');
  line(
    'floor: GET /auth/v1/health',
    await timed(() => fetch(`${backend.url}/auth/v1/health`).then((r) => r.text())),
  );
  line('auth.getUser (the auth server round trip)', await timed(() => client.auth.getUser(token)));
  line(
    "rpc consume_usage('api_calls')",
    await timed(() => client.rpc('consume_usage', { usage_metric: 'api_calls' })),
  );
  const chatId = crypto.randomUUID();
  await client.from('chat_sessions').insert({ id: chatId, title: 'Bench' });
  line(
    'insert one chat message',
    await timed(() =>
      client
        .from('chat_messages')
        .insert({ id: crypto.randomUUID(), session_id: chatId, role: 'user', parts: [] }),
    ),
  );
}

/** Waits until every chat message the endpoint stores after the response has been stored. */
async function settled(client: SupabaseClient, expected: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { count } = await client
      .from('chat_messages')
      .select('id', { count: 'exact', head: true })
      .eq('role', 'assistant');
    if ((count ?? 0) >= expected) return;
    if (Date.now() > deadline) {
      console.log(`  (${count} of ${expected} answers stored after 30 s; stopping anyway)`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Time to first token through the endpoint and straight to the provider; the difference is the budget's. */
async function firstToken(client: SupabaseClient, token: string): Promise<void> {
  console.log('\ntime to the first text chunk (fake provider, no delay)');
  const direct = await timed((question) => directRequest(question).then((r) => untilChunk(r, '"content"')));
  line('the provider directly', direct);
  const withOverhead = (label: string, times: number[]) => {
    const p50 = percentile(times, 0.5) - percentile(direct, 0.5);
    const p95 = percentile(times, 0.95) - percentile(direct, 0.95);
    line(label, times);
    console.log(
      `  ${'  overhead over the provider directly'.padEnd(44)} p50 ${format(p50)}  p95 ${format(p95)}   ${p50 <= OVERHEAD_BUDGET_MS ? 'within budget' : 'OVER BUDGET'} (<= ${OVERHEAD_BUDGET_MS} ms)`,
    );
  };
  const plain = await timed(
    (question) => chatRequest(token, question, false).then((r) => untilChunk(r, '"text-delta"')),
    TURN_PAUSE_MS,
  );
  withOverhead('POST /functions/v1/chat, notes toggles off', plain);
  const grounded = await timed(
    (question) => chatRequest(token, question, true).then((r) => untilChunk(r, '"text-delta"')),
    TURN_PAUSE_MS,
  );
  withOverhead('POST /functions/v1/chat, ideas + writings on', grounded);
  await settled(client, 2 * (WARM_UP + SAMPLES));
}

try {
  const { client, token } = await writer();
  console.log(`\nchat_passages through supabase-js, ${SAMPLES} samples after ${WARM_UP} warm-up runs`);
  const retrieval = await timed((question) =>
    client.rpc('chat_passages', { question }).then(({ error }) => {
      if (error) throw new Error(`chat_passages failed: ${error.message}`);
    }),
  );
  const p95 = percentile(retrieval, 0.95);
  line(
    'chat_passages',
    retrieval,
    `   ${p95 <= RETRIEVAL_BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'} (p95 <= ${RETRIEVAL_BUDGET_P95_MS} ms)`,
  );
  const { data } = await client.auth.getUser(token);
  const claims = JSON.stringify({ sub: data.user?.id, role: 'authenticated' });
  line(
    'chat_passages inside the database (no HTTP)',
    await timed((question) =>
      backend.database.pg.transaction(async (tx) => {
        await tx.query(
          `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)`,
          [claims],
        );
        await tx.query('select * from public.chat_passages($1)', [question]);
      }),
    ),
  );
  await steps(client, token);
  await firstToken(client, token);
  console.log('\nstopping the backend');
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  // Neither may hold the process (or the port lock of whoever runs the bench): connections the
  // cancelled streams left open would keep both waiting, so each gets a few seconds.
  const closed = (promise: Promise<unknown>) =>
    Promise.race([promise, new Promise((resolve) => setTimeout(resolve, 5000))]);
  await closed(backend.stop());
  await closed(fake.close());
  process.exit(process.exitCode ?? 0);
}
