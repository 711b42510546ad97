import { TIER_PRICES } from 'shared-kernel/tiers';

/**
 * The local Stripe test mode's settings. With no `STRIPE_SECRET_KEY` in the environment the functions
 * are pointed at this backend (`STRIPE_API_URL`), which answers the API subset they call and signs its
 * webhooks with {@link LOCAL_WEBHOOK_SECRET}. With real keys set, none of this applies.
 */
export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_backend';
/** The signing secret the local test mode signs its webhook events with. */
export const LOCAL_WEBHOOK_SECRET = 'whsec_local_backend_test_mode';

/** The local price catalogue: one id per paid tier and period, amounts from the kernel's prices. */
export interface LocalPrice {
  id: string;
  tier: 'LITE' | 'PRO' | 'MAX';
  interval: 'month' | 'year';
  /** In cents. */
  unitAmount: number;
}

const paidTiers = ['LITE', 'PRO', 'MAX'] as const;

export const LOCAL_PRICES: readonly LocalPrice[] = paidTiers.flatMap((tier) => [
  {
    id: `price_local_${tier.toLowerCase()}_monthly`,
    tier,
    interval: 'month' as const,
    unitAmount: TIER_PRICES[tier].monthly * 100,
  },
  {
    id: `price_local_${tier.toLowerCase()}_yearly`,
    tier,
    interval: 'year' as const,
    unitAmount: TIER_PRICES[tier].yearly * 100,
  },
]);

/** The environment variable holding each price id (what the functions read). */
export function priceEnvName(tier: string, interval: 'month' | 'year'): string {
  return `STRIPE_PRICE_${tier}_${interval === 'month' ? 'MONTHLY' : 'YEARLY'}`;
}

/** What the functions see when no Stripe keys are configured: the local test mode on `apiUrl`. */
export function localStripeSecrets(apiUrl: string): Record<string, string> {
  const secrets: Record<string, string> = {
    STRIPE_SECRET_KEY: LOCAL_STRIPE_SECRET_KEY,
    STRIPE_API_URL: apiUrl,
    STRIPE_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET,
  };
  for (const price of LOCAL_PRICES) secrets[priceEnvName(price.tier, price.interval)] = price.id;
  return secrets;
}
