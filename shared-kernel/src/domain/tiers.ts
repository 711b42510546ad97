import { addDays, startOfDay } from 'date-fns';

/** Subscription tiers, from free to unlimited. */
export const TIERS = ['FREE', 'LITE', 'PRO', 'MAX'] as const;
export type Tier = (typeof TIERS)[number];

/** The tiers that are bought; each has a monthly and a yearly price id in configuration. */
export type PaidTier = Exclude<Tier, 'FREE'>;

/** Billing periods offered by the Plans tab and the pricing dialog. */
export type BillingPeriod = 'monthly' | 'yearly';

/** What a tier limits: API calls per day, documents per month, chat messages per day. */
export type RateLimitKind = 'apiCalls' | 'documents' | 'chatMessages';

/** Each limit's period. The rate limit alert still says "daily" for all three, as the spec's text does. */
export const RATE_LIMIT_PERIODS: Readonly<Record<RateLimitKind, 'day' | 'month'>> = {
  apiCalls: 'day',
  documents: 'month',
  chatMessages: 'day',
};

/** A tier's limits; `null` means unlimited. */
export type TierLimits = Readonly<Record<RateLimitKind, number | null>>;

/** Limits of every tier (docs/product.md, Tiers and limits). */
export const TIER_LIMITS: Readonly<Record<Tier, TierLimits>> = {
  FREE: { apiCalls: 50, documents: 3, chatMessages: 10 },
  LITE: { apiCalls: 500, documents: 25, chatMessages: 100 },
  PRO: { apiCalls: 2500, documents: 100, chatMessages: 500 },
  MAX: { apiCalls: null, documents: null, chatMessages: null },
};

/** Features gated by tier. */
export const FEATURES = [
  'basic_chat',
  'basic_writing',
  'basic_ideas',
  'advanced_chat',
  'export',
  'priority_processing',
  'api_access',
] as const;
export type Feature = (typeof FEATURES)[number];

/** Display names of the features, as used in "{feature} is a premium feature." and the plan copy. */
export const FEATURE_LABELS: Readonly<Record<Feature, string>> = {
  basic_chat: 'Basic chat',
  basic_writing: 'Basic writing',
  basic_ideas: 'Basic ideas',
  advanced_chat: 'Advanced chat',
  export: 'Export',
  priority_processing: 'Priority processing',
  api_access: 'API access',
};

const FREE_FEATURES: readonly Feature[] = ['basic_chat', 'basic_writing', 'basic_ideas'];
const LITE_FEATURES: readonly Feature[] = [...FREE_FEATURES, 'advanced_chat', 'export'];
const PRO_FEATURES: readonly Feature[] = [...LITE_FEATURES, 'priority_processing', 'api_access'];

/** Features of every tier: each tier adds to the one below, and MAX has everything. */
export const TIER_FEATURES: Readonly<Record<Tier, readonly Feature[]>> = {
  FREE: FREE_FEATURES,
  LITE: LITE_FEATURES,
  PRO: PRO_FEATURES,
  MAX: FEATURES,
};

/** Whether a tier gives access to a feature. */
export function hasFeature(tier: Tier, feature: Feature): boolean {
  return TIER_FEATURES[tier].includes(feature);
}

/** A tier's price in US dollars. */
export type TierPrice = { readonly monthly: number; readonly yearly: number };

/** Prices of every tier in US dollars (docs/product.md, Tiers and limits). */
export const TIER_PRICES: Readonly<Record<Tier, TierPrice>> = {
  FREE: { monthly: 0, yearly: 0 },
  LITE: { monthly: 10, yearly: 100 },
  PRO: { monthly: 20, yearly: 200 },
  MAX: { monthly: 100, yearly: 1000 },
};

/** The tier marked popular in the plan lists. */
export const POPULAR_TIER: Tier = 'PRO';

/** Dollars saved per year by paying yearly: twelve monthly payments minus the yearly price. */
export function yearlySaving(tier: Tier): number {
  const price = TIER_PRICES[tier];
  return 12 * price.monthly - price.yearly;
}

/** The yearly saving as a whole percentage of twelve monthly payments (0 for the free tier). */
export function yearlySavingPercent(tier: Tier): number {
  const twelveMonths = 12 * TIER_PRICES[tier].monthly;
  return twelveMonths === 0 ? 0 : Math.round((yearlySaving(tier) / twelveMonths) * 100);
}

/** What the Plans tab and the pricing dialog show for one tier. */
export type Plan = {
  readonly tier: Tier;
  readonly name: string;
  readonly price: TierPrice;
  readonly popular: boolean;
  /** Selling points, most important first; the Plans tab shows only the first four. */
  readonly features: readonly string[];
};

const PLAN_NAMES: Readonly<Record<Tier, string>> = { FREE: 'Free', LITE: 'Lite', PRO: 'Pro', MAX: 'Max' };

function limitCopy(limit: number | null, unit: string, period: string): string {
  return limit === null ? `Unlimited ${unit}` : `${limit} ${unit}/${period}`;
}

/** Limits first, then what the tier adds to the one below it, so the first four lines sell the tier. */
function planFeatures(tier: Tier): string[] {
  const limits = TIER_LIMITS[tier];
  const lowerTier = TIERS[TIERS.indexOf(tier) - 1];
  const added = TIER_FEATURES[tier].filter((feature) => !lowerTier || !hasFeature(lowerTier, feature));
  return [
    limitCopy(limits.chatMessages, 'chat messages', 'day'),
    limitCopy(limits.documents, 'documents', 'month'),
    ...added.map((feature) => FEATURE_LABELS[feature]),
    ...(lowerTier ? [`Everything in ${PLAN_NAMES[lowerTier]}`] : []),
  ];
}

/** The four plans in display order, with their copy derived from the limits and features above. */
export const PLANS: readonly Plan[] = TIERS.map((tier) => ({
  tier,
  name: PLAN_NAMES[tier],
  price: TIER_PRICES[tier],
  popular: tier === POPULAR_TIER,
  features: planFeatures(tier),
}));

/** The six checkout price ids from configuration; a missing one is `undefined`. */
export type PriceIds = Readonly<Record<PaidTier, Readonly<Record<BillingPeriod, string | undefined>>>>;

/** The price id to check out a paid tier for a period, or `undefined` when configuration lacks it. */
export function priceIdFor({
  tier,
  period,
  priceIds,
}: {
  tier: PaidTier;
  period: BillingPeriod;
  priceIds: PriceIds;
}): string | undefined {
  return priceIds[tier][period];
}

/** The tier a subscription's price id buys; an unknown or missing price id means FREE. */
export function tierFromPriceId(priceId: string | null | undefined, priceIds: PriceIds): Tier {
  if (!priceId) return 'FREE';
  for (const [tier, ids] of Object.entries(priceIds) as [PaidTier, PriceIds[PaidTier]][]) {
    if (ids.monthly === priceId || ids.yearly === priceId) return tier;
  }
  return 'FREE';
}

/** Whether a subscription status counts as active: `active` or `trialing`. */
export function isSubscriptionActive(status: string | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

/** The columns of a subscription record that the tier derivation reads. */
export type SubscriptionRecord = { readonly price_id: string | null; readonly status: string | null };

/** A user's subscription as the app sees it. */
export type SubscriptionState = {
  /** The tier the price id buys (docs/product.md, Tiers and limits: derived from the price id alone). */
  readonly tier: Tier;
  readonly isActive: boolean;
  /** The tier to gate features with: the bought tier while active, otherwise FREE. */
  readonly entitledTier: Tier;
};

/** Derives tier and activity from a subscription record; with no record the user is FREE and inactive. */
export function subscriptionState(record: SubscriptionRecord | null, priceIds: PriceIds): SubscriptionState {
  const tier = tierFromPriceId(record?.price_id, priceIds);
  const isActive = isSubscriptionActive(record?.status);
  return { tier, isActive, entitledTier: isActive ? tier : 'FREE' };
}

/** When rate limits reset: the next local midnight after `now`. */
export function rateLimitResetTime(now: Date): Date {
  return startOfDay(addDays(now, 1));
}

/** The answer of a rate check. `limit` and `remaining` are `null` when the tier is unlimited. */
export type RateLimitStatus = {
  readonly allowed: boolean;
  readonly limit: number | null;
  readonly remaining: number | null;
  readonly resetsAt: Date;
};

/**
 * Checks a use against the tier's limit. Usage is not counted yet (docs/product.md, Tiers and limits: the check always allows and\n * reports the whole limit as remaining), so `used` defaults to 0 until a counter exists.
 */
export function rateLimitStatus({
  tier,
  kind,
  used = 0,
  now,
}: {
  tier: Tier;
  kind: RateLimitKind;
  used?: number;
  now: Date;
}): RateLimitStatus {
  const limit = TIER_LIMITS[tier][kind];
  const resetsAt = rateLimitResetTime(now);
  if (limit === null) return { allowed: true, limit, remaining: null, resetsAt };
  return { allowed: used < limit, limit, remaining: Math.max(0, limit - used), resetsAt };
}
