import { isSubscriptionActive, priceIdFor } from 'shared-kernel/tiers';
import { z } from 'zod';
import {
  billingErrors,
  configuredPriceIds,
  failure,
  priceIdsFrom,
  signedInUser,
  stripeClient,
} from '../billing/index.ts';
import type { FunctionHandler } from '../index.ts';

const httpUrl = z.url({ protocol: /^https?$/ });

/**
 * The request (SPEC section 7: priceId, successUrl, cancelUrl, userId, email). A plan may be named by
 * `tier` and `period` instead of a price id, so the browser needs no price configuration; `userId` and
 * `email` are accepted but never trusted (the token says who the caller is). `attemptId` names one
 * checkout attempt: the same attempt sent twice gets the same session.
 */
export const createCheckoutBody = z.object({
  priceId: z.string().min(1).optional(),
  tier: z.enum(['FREE', 'LITE', 'PRO', 'MAX']).optional(),
  period: z.enum(['monthly', 'yearly']).optional(),
  successUrl: httpUrl,
  cancelUrl: httpUrl,
  userId: z.string().optional(),
  email: z.string().optional(),
  attemptId: z.string().min(8).max(100).optional(),
});

/** What a created checkout answers. */
export interface CreateCheckoutResult {
  sessionId: string;
  url: string;
}

/** The user's one provider customer: the recorded one, else a new one recorded now (first one wins). */
async function customerFor(
  env: Parameters<FunctionHandler>[1],
  stripe: NonNullable<ReturnType<typeof stripeClient>>,
  user: { id: string; email: string | undefined },
  recorded: string | null | undefined,
): Promise<string> {
  if (recorded) return recorded;
  // Keyed by user: two checkouts racing for a new user get one customer from Stripe.
  const customer = await stripe.customers.create(
    { ...(user.email ? { email: user.email } : {}), metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  const { data, error } = await env
    .serviceClient()
    .rpc('record_billing_customer', { target_user: user.id, customer: customer.id });
  if (error || typeof data !== 'string') throw error ?? new Error('no customer recorded');
  return data;
}

/**
 * POST with the caller's Bearer token: creates a Stripe Checkout session for a paid plan and answers
 * `{ sessionId, url }` (the browser goes to `url`). One Stripe customer per user, kept in the
 * subscriptions mirror; a user with a live subscription is sent to manage it instead of buying twice.
 */
export const createCheckout: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure(billingErrors.method, 405);
  const user = await signedInUser(request, env);
  if (!user) return failure(billingErrors.unauthenticated, 401);
  const parsed = createCheckoutBody.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return failure(billingErrors.invalidBody, 400);
  const body = parsed.data;

  const priceIds = priceIdsFrom(env.secrets);
  // Free has no price: nothing to buy.
  const paidTier = body.tier === 'FREE' ? undefined : body.tier;
  const priceId =
    body.priceId ??
    (paidTier && body.period ? priceIdFor({ tier: paidTier, period: body.period, priceIds }) : undefined);
  if (!priceId || !configuredPriceIds(priceIds).includes(priceId))
    return failure(billingErrors.priceNotFound, 400);
  const stripe = stripeClient(env.secrets);
  if (!stripe) return failure(billingErrors.sessionFailed, 500);

  const { data: mirror } = await env
    .serviceClient()
    .from('subscriptions')
    .select('customer_id, subscription_id, status')
    .eq('user_id', user.id)
    .maybeSingle();
  if (mirror?.subscription_id && isSubscriptionActive(mirror.status)) {
    return failure(billingErrors.alreadySubscribed, 409, { manage: true });
  }
  try {
    const customer = await customerFor(env, stripe, user, mirror?.customer_id);
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer,
        line_items: [{ price: priceId, quantity: 1 }],
        success_url: body.successUrl,
        cancel_url: body.cancelUrl,
        client_reference_id: user.id,
        metadata: { userId: user.id },
        subscription_data: { metadata: { userId: user.id } },
      },
      { idempotencyKey: `checkout-${user.id}-${body.attemptId ?? crypto.randomUUID()}` },
    );
    if (!session.url) return failure(billingErrors.sessionFailed, 502);
    const result: CreateCheckoutResult = { sessionId: session.id, url: session.url };
    return Response.json(result);
  } catch (error) {
    console.error('create-checkout: Stripe refused', error);
    return failure(billingErrors.sessionFailed, 502);
  }
};
