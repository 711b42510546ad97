// @vitest-environment node
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { type Backend, LOCAL_WEBHOOK_SECRET, signatureHeader, startBackend } from 'local-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCheckout } from '../create-checkout/index.ts';
import { createFunctionEnv } from '../index.ts';

// Checkout, the webhook mirror and the portal against the real local backend and its Stripe test mode.

let backend: Backend;

beforeAll(async () => {
  backend = await startBackend({ dataDir: 'memory://', port: 0, secrets: {} });
});
afterAll(async () => {
  await backend?.stop();
});

type Writer = { client: SupabaseClient; id: string; token: string };

async function signUp(label: string): Promise<Writer> {
  const client = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await client.auth.signUp({
    email: `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    password: 'billing-password',
  });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { client, id: data.user.id, token: data.session.access_token };
}

const call = (name: string, body: unknown, token?: string) =>
  fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      apikey: backend.anonKey,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

const urls = {
  successUrl: 'http://localhost:3000/workspace?success=true',
  cancelUrl: 'http://localhost:3000/workspace?canceled=true',
};

async function checkout(writer: Writer, tier = 'PRO', period = 'yearly', attemptId?: string) {
  const response = await call('create-checkout', { tier, period, ...urls, attemptId }, writer.token);
  return {
    status: response.status,
    body: (await response.json()) as { sessionId?: string; url?: string; error?: string },
  };
}

async function pay(url: string, cardNumber: string) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardNumber, expiry: '12 / 34', cvc: '123' }),
    redirect: 'manual',
  });
}

const mirrorOf = async (userId: string) =>
  (
    await backend.database.pg.query<Record<string, unknown>>(
      'select customer_id, subscription_id, price_id, status, tier, cancel_at_period_end, current_period_end from public.subscriptions where user_id = $1',
      [userId],
    )
  ).rows[0];
const eventCount = async () =>
  Number(
    (await backend.database.pg.query<{ n: string }>('select count(*) as n from public.billing_events'))
      .rows[0]?.n,
  );

function sendWebhook(
  payload: string,
  { secret = LOCAL_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  return fetch(`${backend.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader({ payload, secret, timestamp }),
    },
    body: payload,
  });
}

const outcomeOf = async (response: Promise<Response>) =>
  ((await (await response).json()) as { outcome?: string }).outcome;

async function subscribed(label: string) {
  const writer = await signUp(label);
  const { body } = await checkout(writer);
  const paid = await pay(body.url as string, '4242 4242 4242 4242');
  expect(paid.status).toBe(303);
  await backend.stripe.flush();
  return writer;
}

describe('create-checkout', () => {
  it('answers 401 without a signed-in user', async () => {
    const response = await call('create-checkout', { tier: 'PRO', period: 'monthly', ...urls });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'User not authenticated' });
  });

  it('has no price for Free, and says so for a price that is not configured', async () => {
    const writer = await signUp('free');
    expect(await checkout(writer, 'FREE', 'monthly')).toEqual({
      status: 400,
      body: { error: 'Price configuration not found. Please contact support.' },
    });
    const env = createFunctionEnv({
      supabaseUrl: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      secrets: { STRIPE_SECRET_KEY: 'sk_test_local_backend', STRIPE_API_URL: backend.url },
      webSocket: WebSocket,
    });
    const request = new Request('http://functions/create-checkout', {
      method: 'POST',
      headers: { authorization: `Bearer ${writer.token}` },
      body: JSON.stringify({ tier: 'PRO', period: 'yearly', ...urls }),
    });
    const response = await createCheckout(request, env);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Price configuration not found. Please contact support.',
    });
  });

  it('keeps one customer per user and answers the same session for the same attempt', async () => {
    const writer = await signUp('customer');
    const first = await checkout(writer, 'PRO', 'yearly', 'attempt-0001');
    const again = await checkout(writer, 'PRO', 'yearly', 'attempt-0001');
    const other = await checkout(writer, 'LITE', 'monthly', 'attempt-0002');
    expect(first.status).toBe(200);
    expect(again.body.sessionId).toBe(first.body.sessionId);
    expect(other.body.sessionId).not.toBe(first.body.sessionId);
    const customers = await backend.database.pg.query<{ customer: string }>(
      "select distinct data->>'customer' as customer from stripe_local.objects where kind = 'checkout.session' and data->>'client_reference_id' = $1",
      [writer.id],
    );
    expect(customers.rows).toHaveLength(1);
    expect((await mirrorOf(writer.id))?.customer_id).toBe(customers.rows[0]?.customer);
  });

  it('mirrors a paid checkout: Pro, active, with the period end of the subscription item', async () => {
    const writer = await subscribed('paid');
    const mirror = await mirrorOf(writer.id);
    expect(mirror).toMatchObject({
      tier: 'PRO',
      status: 'active',
      price_id: 'price_local_pro_yearly',
      cancel_at_period_end: false,
    });
    const periodEnd = mirror?.current_period_end as Date;
    const daysLeft = (periodEnd.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(360);
    const { data } = await writer.client.rpc('usage_status');
    expect(data.tier).toBe('PRO');
    expect(data.usage.documents.limit).toBe(100);
    // A live subscription is managed, not bought twice.
    expect((await checkout(writer, 'MAX', 'monthly')).status).toBe(409);
  });

  it('changes nothing when the card is declined', async () => {
    const writer = await signUp('declined');
    const { body } = await checkout(writer);
    const events = await eventCount();
    const response = await pay(body.url as string, '4000 0000 0000 0002');
    expect(response.status).toBe(402);
    expect(await response.text()).toContain('Your card was declined.');
    await backend.stripe.flush();
    expect(await eventCount()).toBe(events);
    expect((await mirrorOf(writer.id))?.status ?? null).toBeNull();
  });
});

describe('stripe-webhook', () => {
  async function lastEventFor(writer: Writer) {
    const { rows } = await backend.database.pg.query<{ data: Record<string, unknown> }>(
      `select data from stripe_local.objects where kind = 'event'
        and data->'data'->'object'->'metadata'->>'userId' = $1 order by (data->>'created')::bigint desc limit 1`,
      [writer.id],
    );
    return rows[0]?.data as Record<string, unknown>;
  }

  it('refuses a tampered body, a wrong secret and an old timestamp with 400, writing nothing', async () => {
    const writer = await subscribed('signatures');
    const event = { ...(await lastEventFor(writer)), id: `evt_${crypto.randomUUID()}` };
    const payload = JSON.stringify(event);
    const before = await eventCount();
    // Forged for another writer: the user id is in every event of this writer's (lastEventFor).
    const tampered = payload.replaceAll(writer.id, crypto.randomUUID());
    expect(tampered).not.toBe(payload);
    const signed = signatureHeader({
      payload,
      secret: LOCAL_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const forged = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signed },
      body: tampered,
    });
    expect(forged.status).toBe(400);
    expect((await sendWebhook(payload, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await sendWebhook(payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).status).toBe(
      400,
    );
    const unsigned = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      body: payload,
    });
    expect(unsigned.status).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await sendWebhook(payload)).status).toBe(200);
    expect(await eventCount()).toBe(before + 1);
  });

  it('applies a replayed event once', async () => {
    const writer = await subscribed('replay');
    const payload = JSON.stringify({ ...(await lastEventFor(writer)), id: `evt_${crypto.randomUUID()}` });
    expect(await outcomeOf(sendWebhook(payload))).toBe('applied');
    expect(await outcomeOf(sendWebhook(payload))).toBe('duplicate');
  });

  it('never lets an older event overwrite a newer state', async () => {
    const writer = await subscribed('order');
    const created = await lastEventFor(writer);
    const portal = (await (
      await call('billing-portal', { returnUrl: urls.successUrl }, writer.token)
    ).json()) as { url: string };
    await backend.stripe.advanceTime(60);
    expect((await fetch(`${portal.url}/cancel`, { method: 'POST' })).status).toBe(200);
    await backend.stripe.flush();
    expect(await mirrorOf(writer.id)).toMatchObject({ tier: 'PRO', cancel_at_period_end: true });
    // The subscription.created event, delivered late under a new id.
    const late = sendWebhook(JSON.stringify({ ...created, id: `evt_${crypto.randomUUID()}` }));
    expect(await outcomeOf(late)).toBe('stale');
    expect(await mirrorOf(writer.id)).toMatchObject({ cancel_at_period_end: true });
    // Resumed, then at the period's end it renews instead of ending.
    expect((await fetch(`${portal.url}/resume`, { method: 'POST' })).status).toBe(200);
    await backend.stripe.flush();
    expect(await mirrorOf(writer.id)).toMatchObject({ cancel_at_period_end: false, status: 'active' });
  });

  it('returns a writer cancelled at period end to FREE when the period ends', async () => {
    const writer = await subscribed('period-end');
    const portal = (await (
      await call('billing-portal', { returnUrl: urls.successUrl }, writer.token)
    ).json()) as { url: string };
    await fetch(`${portal.url}/cancel`, { method: 'POST' });
    await backend.stripe.advanceTime(367 * 86_400);
    await backend.stripe.flush();
    expect(await mirrorOf(writer.id)).toMatchObject({ status: 'canceled' });
    const { data } = await writer.client.rpc('usage_status');
    expect(data.tier).toBe('FREE');
  });
});
