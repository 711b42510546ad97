/**
 * Chat speed (`pnpm --filter tests bench:chat`), on the in-process local backend holding the corpus of
 * tests/perf/support/corpus.ts (10,000 writings and 10,000 ideas of one writer):
 * - retrieval: the `chat_passages` RPC (what the chat reads to ground an answer) for questions written
 *   as a writer asks them, through supabase-js; budget p95 <= 50 ms (docs/architecture.md, Budgets);
 * - endpoint overhead: POST /functions/v1/chat to the first streamed text chunk, with the model served
 *   by the scripted fake provider answering at once (its own delay is zero for the first piece), so the
 *   time is the endpoint's: auth, usage check, storing the question, retrieval, the provider client.
 */
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { startBackend } from 'local-backend';
import WebSocket from 'ws';
import { startFakeLlm } from '../fixtures/fake-llm/fake-llm-server.ts';
import { format, percentile, seedCorpus } from './support/corpus.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const WARM_UP = 5;
const RETRIEVAL_BUDGET_P95_MS = 50;
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
try {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
  const signUp = await client.auth.signUp({
    email: 'chat-bench@example.com',
    password: 'chat-bench-password',
  });
  const ownerId = signUp.data.user?.id;
  const token = signUp.data.session?.access_token;
  if (signUp.error || !ownerId || !token) throw new Error(`sign-up failed: ${signUp.error?.message}`);
  await seedCorpus(backend, ownerId);

  const retrieval: number[] = [];
  for (const question of QUESTIONS) {
    for (let run = 0; run < WARM_UP + SAMPLES; run++) {
      const start = performance.now();
      const { error } = await client.rpc('chat_passages', { question });
      if (error) throw new Error(`chat_passages failed: ${error.message}`);
      if (run >= WARM_UP) retrieval.push(performance.now() - start);
    }
  }
  retrieval.sort((a, b) => a - b);
  const retrievalP95 = percentile(retrieval, 0.95);
  console.log(
    `\nchat_passages through supabase-js, ${retrieval.length} samples over ${QUESTIONS.length} questions`,
  );
  console.log(
    `  p50 ${format(percentile(retrieval, 0.5))}  p95 ${format(retrievalP95)}   ${retrievalP95 <= RETRIEVAL_BUDGET_P95_MS ? 'within budget' : 'OVER BUDGET'} (p95 <= ${RETRIEVAL_BUDGET_P95_MS} ms)`,
  );

  const firstToken: number[] = [];
  const runs = Math.min(SAMPLES, 9); // a FREE writer's day holds 10 chat messages
  for (let run = 0; run < runs; run++) {
    const question = QUESTIONS[run % QUESTIONS.length] as string;
    const start = performance.now();
    const response = await fetch(`${backend.url}/functions/v1/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: backend.anonKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        chatId: crypto.randomUUID(),
        model: 'local',
        messages: [{ id: crypto.randomUUID(), role: 'user', parts: [{ type: 'text', text: question }] }],
      }),
    });
    const reader = response.body?.getReader();
    let seen = '';
    while (!seen.includes('"text-delta"')) {
      const next = await reader?.read();
      if (!next || next.done) throw new Error(`no text arrived (HTTP ${response.status}): ${seen}`);
      seen += new TextDecoder().decode(next.value);
    }
    firstToken.push(performance.now() - start);
    await reader?.cancel();
  }
  firstToken.sort((a, b) => a - b);
  console.log(
    `\nPOST /functions/v1/chat to the first text chunk (fake provider, no delay), ${runs} requests`,
  );
  console.log(`  p50 ${format(percentile(firstToken, 0.5))}  p95 ${format(percentile(firstToken, 0.95))}`);
} finally {
  await backend.stop();
  await fake.close();
}
