/**
 * Billing benchmark (not a timed test): the Stripe webhook's handling time and the tier-limit check's
 * cost per request, each beside its floor measured in the same run.
 * - Webhook: a signed `customer.subscription.updated` (verify the signature, read the subscription again
 *   from the local Stripe test mode, apply it in one SQL call) against the floor of a signed event of a
 *   type the handler ignores (signature check and routing only). Each POST goes over loopback HTTP.
 * - Limit check: `consume_usage_for` on its own in SQL; then creating a writing through REST (whose
 *   insert runs the documents trigger) against creating an idea (the same request without a trigger).
 * Run from the repository root: `pnpm bench:backend` (or `pnpm --filter local-backend exec tsx bench/billing.bench.ts`).
 */
import { performance } from 'node:perf_hooks';
import { type Backend, startBackend } from '../src/backend.ts';
import { LOCAL_WEBHOOK_SECRET, signatureHeader } from '../src/stripe/index.ts';
import { createTestClient } from '../tests/auth-test-support.ts';

const WARM_UP = 30;
const SAMPLES = 300;

const percentile = (sorted: readonly number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

/** Times each variant SAMPLES times, taking turns, after a warm-up; prints p50 and p95 in ms. */
async function measure(
  title: string,
  variants: { label: string; run: (index: number) => Promise<unknown> }[],
) {
  const durations = variants.map(() => [] as number[]);
  for (let round = 0; round < WARM_UP + SAMPLES; round++) {
    for (const [index, variant] of variants.entries()) {
      const start = performance.now();
      await variant.run(round);
      if (round >= WARM_UP) durations[index]?.push(performance.now() - start);
    }
  }
  console.log(`\n${title}`);
  for (const [index, variant] of variants.entries()) {
    const sorted = (durations[index] ?? []).sort((a, b) => a - b);
    console.log(
      `  ${variant.label.padEnd(58)} p50 ${percentile(sorted, 0.5).toFixed(2)} ms  p95 ${percentile(sorted, 0.95).toFixed(2)} ms`,
    );
  }
}

async function subscribedWriter(backend: Backend) {
  const client = createTestClient({ url: backend.url, anonKey: backend.anonKey });
  const { data } = await client.auth.signUp({
    email: `bench-${Date.now()}@example.com`,
    password: 'bench-password',
  });
  const token = data.session?.access_token as string;
  const checkout = await fetch(`${backend.url}/functions/v1/create-checkout`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      apikey: backend.anonKey,
    },
    body: JSON.stringify({
      tier: 'PRO',
      period: 'monthly',
      successUrl: 'http://localhost/s',
      cancelUrl: 'http://localhost/c',
    }),
  });
  const { url } = (await checkout.json()) as { url: string };
  await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber: '4242424242424242' }),
    redirect: 'manual',
  });
  await backend.stripe.flush();
  const { rows } = await backend.database.pg.query<{ data: Record<string, unknown> }>(
    `select data from stripe_local.objects where kind = 'subscription' limit 1`,
  );
  return { client, userId: data.user?.id as string, subscription: rows[0]?.data as Record<string, unknown> };
}

const backend = await startBackend({ dataDir: 'memory://', port: 0, secrets: {} });
try {
  const { client, userId, subscription } = await subscribedWriter(backend);
  const post = (type: string, round: number) => {
    const payload = JSON.stringify({
      id: `evt_bench_${type}_${round}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: subscription },
    });
    const header = signatureHeader({
      payload,
      secret: LOCAL_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000),
    });
    return fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': header, 'content-type': 'application/json' },
      body: payload,
    }).then((response) => response.text());
  };
  await measure('Stripe webhook (signed POST over loopback)', [
    {
      label: 'customer.subscription.updated (verify, retrieve, apply)',
      run: (round) => post('customer.subscription.updated', round),
    },
    { label: 'floor: ignored event type (verify only)', run: (round) => post('customer.created', round) },
  ]);

  await measure('Limit check', [
    {
      label: 'SQL: consume_usage_for (api_calls, PRO)',
      run: () => backend.database.pg.query(`select public.consume_usage_for($1, 'api_calls')`, [userId]),
    },
    { label: 'floor: SQL select 1', run: () => backend.database.pg.query('select 1') },
  ]);
  // MAX, so the documents trigger counts without ever refusing.
  await backend.database.pg.query(`update public.subscriptions set tier = 'MAX' where user_id = $1`, [
    userId,
  ]);
  await measure('Creating through REST', [
    {
      label: 'insert a writing (documents trigger counts it)',
      run: async () => await client.from('writings').insert({ user_id: userId, title: 'Bench' }),
    },
    {
      label: 'floor: insert an idea (no trigger)',
      run: async () => await client.from('ideas').insert({ user_id: userId, content: 'Bench' }),
    },
  ]);
} finally {
  await backend.stop();
}
