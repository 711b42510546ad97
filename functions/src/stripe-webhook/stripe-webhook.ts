import { tierFromPriceId } from 'shared-kernel/tiers';
import Stripe from 'stripe';
import { billingErrors, failure, priceIdsFrom, stripeClient } from '../billing/index.ts';
import type { FunctionEnv, FunctionHandler } from '../index.ts';

const cryptoProvider = Stripe.createSubtleCryptoProvider();
// Only for verifying signatures when no API key is configured (verification needs none).
const verifier = new Stripe('sk_signature_only', { httpClient: Stripe.createFetchHttpClient() });

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
]);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** The subscription an event is about, and the user the checkout named (if it is a checkout). */
function subjectOf(event: Stripe.Event): { subscription: string | undefined; userHint: string | undefined } {
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return { subscription: (event.data.object as Stripe.Subscription).id, userHint: undefined };
  }
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    return {
      subscription: session.mode === 'subscription' ? idOf(session.subscription) : undefined,
      userHint: session.client_reference_id ?? session.metadata?.userId ?? undefined,
    };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return {
      subscription: idOf(event.data.object.parent?.subscription_details?.subscription),
      userHint: undefined,
    };
  }
  return { subscription: undefined, userHint: undefined };
}

/**
 * Mirrors the subscription an event is about. The subscription is read again from Stripe rather than
 * taken from the event (events arrive out of order and may be retried late), and the database refuses
 * an event older than the one it last applied, or one it has already seen (billing_events).
 */
async function mirror(
  event: Stripe.Event,
  subscriptionId: string,
  userHint: string | undefined,
  env: FunctionEnv,
) {
  const stripe = stripeClient(env.secrets);
  if (!stripe) throw new Error('STRIPE_SECRET_KEY is not configured');
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data[0];
  const priceId = item?.price.id ?? null;
  const metadataUser = subscription.metadata?.userId ?? userHint;
  const { data, error } = await env.serviceClient().rpc('apply_billing_event', {
    event_id: event.id,
    event_type: event.type,
    event_created: new Date(event.created * 1000).toISOString(),
    target_user: metadataUser && uuid.test(metadataUser) ? metadataUser : null,
    customer: idOf(subscription.customer) ?? null,
    subscription: subscription.id,
    price: priceId,
    subscription_status: subscription.status,
    // In this API version the period lives on the subscription item.
    period_end: item ? new Date(item.current_period_end * 1000).toISOString() : null,
    cancel_at_end: subscription.cancel_at_period_end,
    bought_tier: tierFromPriceId(priceId, priceIdsFrom(env.secrets)),
  });
  if (error) throw error;
  return data as string;
}

/**
 * Stripe's webhook endpoint. The raw body is verified against `Stripe-Signature` with
 * `STRIPE_WEBHOOK_SECRET` (a bad or missing signature, a changed body or a timestamp older than five
 * minutes is 400 and nothing is written). Subscription, checkout and invoice events update the
 * subscriptions mirror with the service role; others are acknowledged and ignored. A failure to apply
 * answers 500, so Stripe delivers the event again.
 */
export const stripeWebhook: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure(billingErrors.method, 405);
  const secret = env.secrets.STRIPE_WEBHOOK_SECRET;
  if (!secret) return failure(billingErrors.notConfigured, 500);
  const signature = request.headers.get('stripe-signature');
  // The raw text: a re-serialised body would no longer match its signature.
  const payload = await request.text();
  if (!signature) return failure(billingErrors.invalidSignature, 400);
  let event: Stripe.Event;
  try {
    event = await verifier.webhooks.constructEventAsync(
      payload,
      signature,
      secret,
      undefined,
      cryptoProvider,
    );
  } catch {
    return failure(billingErrors.invalidSignature, 400);
  }
  const { subscription, userHint } = subjectOf(event);
  if (!subscription) return Response.json({ received: true, outcome: 'ignored' });
  try {
    return Response.json({ received: true, outcome: await mirror(event, subscription, userHint, env) });
  } catch (error) {
    console.error(`stripe-webhook: ${event.type} ${event.id} not applied`, error);
    return failure('Failed to apply the event', 500);
  }
};
