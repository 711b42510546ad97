import { type BillingPeriod, type PaidTier, type PriceIds, TIERS } from 'shared-kernel/tiers';
import Stripe from 'stripe';

type Secrets = Readonly<Record<string, string | undefined>>;

const clients = new Map<string, Stripe>();

/**
 * The Stripe client of the configuration: `STRIPE_SECRET_KEY`, and `STRIPE_API_URL` when the API is not
 * Stripe's own (the local backend's test mode). Undefined when no key is configured. The fetch client
 * works on every runtime (Node, Deno, workers).
 */
export function stripeClient(secrets: Secrets): Stripe | undefined {
  const key = secrets.STRIPE_SECRET_KEY;
  if (!key) return undefined;
  const apiUrl = secrets.STRIPE_API_URL;
  const cacheKey = `${key} ${apiUrl ?? ''}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const target = apiUrl ? new URL(apiUrl) : undefined;
    client = new Stripe(key, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 2,
      ...(target
        ? {
            host: target.hostname,
            port: Number(target.port || (target.protocol === 'https:' ? 443 : 80)),
            protocol: target.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** The six price ids of configuration: `STRIPE_PRICE_<TIER>_<MONTHLY|YEARLY>`. */
export function priceIdsFrom(secrets: Secrets): PriceIds {
  const paid = TIERS.filter((tier): tier is PaidTier => tier !== 'FREE');
  const periodOf = (tier: PaidTier, period: BillingPeriod) =>
    secrets[`STRIPE_PRICE_${tier}_${period.toUpperCase()}`] || undefined;
  return Object.fromEntries(
    paid.map((tier) => [tier, { monthly: periodOf(tier, 'monthly'), yearly: periodOf(tier, 'yearly') }]),
  ) as unknown as PriceIds;
}

/** Every configured price id. */
export function configuredPriceIds(priceIds: PriceIds): string[] {
  return Object.values(priceIds).flatMap((ids) =>
    [ids.monthly, ids.yearly].filter((id): id is string => !!id),
  );
}

/** A JSON refusal `{ error }`, as every function answers one. */
export const failure = (error: string, status: number, extra: Record<string, unknown> = {}) =>
  Response.json({ error, ...extra }, { status });
