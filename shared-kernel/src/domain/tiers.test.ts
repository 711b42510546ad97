// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  FEATURES,
  hasFeature,
  isSubscriptionActive,
  PLANS,
  type PriceIds,
  priceIdFor,
  rateLimitResetTime,
  rateLimitStatus,
  subscriptionState,
  TIER_LIMITS,
  TIERS,
  tierFromPriceId,
  yearlySaving,
  yearlySavingPercent,
} from './tiers.ts';

const priceIds: PriceIds = {
  LITE: { monthly: 'price_lite_m', yearly: 'price_lite_y' },
  PRO: { monthly: 'price_pro_m', yearly: 'price_pro_y' },
  MAX: { monthly: 'price_max_m', yearly: undefined },
};

describe('tier derivation', () => {
  it('maps monthly and yearly price ids to their tier', () => {
    expect(tierFromPriceId('price_lite_m', priceIds)).toBe('LITE');
    expect(tierFromPriceId('price_lite_y', priceIds)).toBe('LITE');
    expect(tierFromPriceId('price_pro_y', priceIds)).toBe('PRO');
    expect(tierFromPriceId('price_max_m', priceIds)).toBe('MAX');
  });

  it('treats an unknown or missing price id as FREE', () => {
    expect(tierFromPriceId('price_other', priceIds)).toBe('FREE');
    expect(tierFromPriceId(null, priceIds)).toBe('FREE');
    expect(tierFromPriceId(undefined, priceIds)).toBe('FREE');
    expect(tierFromPriceId('', priceIds)).toBe('FREE');
  });

  it('counts only active and trialing subscriptions as active', () => {
    expect(isSubscriptionActive('active')).toBe(true);
    expect(isSubscriptionActive('trialing')).toBe(true);
    for (const status of ['canceled', 'past_due', 'incomplete', 'unpaid', null, undefined]) {
      expect(isSubscriptionActive(status)).toBe(false);
    }
  });

  it('makes a user without a subscription record FREE and inactive', () => {
    expect(subscriptionState(null, priceIds)).toEqual({
      tier: 'FREE',
      isActive: false,
      entitledTier: 'FREE',
    });
  });

  it('entitles a user to the bought tier only while the subscription is active', () => {
    expect(subscriptionState({ price_id: 'price_pro_m', status: 'trialing' }, priceIds)).toEqual({
      tier: 'PRO',
      isActive: true,
      entitledTier: 'PRO',
    });
    expect(subscriptionState({ price_id: 'price_pro_m', status: 'canceled' }, priceIds)).toEqual({
      tier: 'PRO',
      isActive: false,
      entitledTier: 'FREE',
    });
  });

  it('finds the checkout price id, or nothing when configuration lacks it', () => {
    expect(priceIdFor({ tier: 'PRO', period: 'yearly', priceIds })).toBe('price_pro_y');
    expect(priceIdFor({ tier: 'MAX', period: 'yearly', priceIds })).toBeUndefined();
  });
});

describe('feature access', () => {
  it('gives FREE only the basic features', () => {
    expect(FEATURES.filter((feature) => hasFeature('FREE', feature))).toEqual([
      'basic_chat',
      'basic_writing',
      'basic_ideas',
    ]);
  });

  it('adds advanced chat and export for LITE, priority processing and API access for PRO', () => {
    expect(hasFeature('LITE', 'advanced_chat')).toBe(true);
    expect(hasFeature('LITE', 'export')).toBe(true);
    expect(hasFeature('LITE', 'priority_processing')).toBe(false);
    expect(hasFeature('PRO', 'priority_processing')).toBe(true);
    expect(hasFeature('PRO', 'api_access')).toBe(true);
    expect(hasFeature('PRO', 'basic_ideas')).toBe(true);
  });

  it('gives MAX every feature', () => {
    expect(FEATURES.every((feature) => hasFeature('MAX', feature))).toBe(true);
  });
});

describe('limits and prices', () => {
  it('limits each tier as the spec table says, MAX unlimited', () => {
    expect(TIER_LIMITS.FREE).toEqual({ apiCalls: 50, documents: 3, chatMessages: 10 });
    expect(TIER_LIMITS.LITE).toEqual({ apiCalls: 500, documents: 25, chatMessages: 100 });
    expect(TIER_LIMITS.PRO).toEqual({ apiCalls: 2500, documents: 100, chatMessages: 500 });
    expect(TIER_LIMITS.MAX).toEqual({ apiCalls: null, documents: null, chatMessages: null });
  });

  it('computes the yearly saving as twelve monthly prices minus the yearly price', () => {
    expect(yearlySaving('FREE')).toBe(0);
    expect(yearlySaving('LITE')).toBe(12 * 10 - 100);
    expect(yearlySaving('PRO')).toBe(12 * 20 - 200);
    expect(yearlySaving('MAX')).toBe(12 * 100 - 1000);
  });

  it('saves at most the 17% the badge promises', () => {
    const best = Math.max(...TIERS.map(yearlySavingPercent));
    expect(best).toBe(17);
  });

  it('lists four plans in tier order with Pro marked popular', () => {
    expect(PLANS.map((plan) => [plan.name, plan.price.monthly, plan.price.yearly, plan.popular])).toEqual([
      ['Free', 0, 0, false],
      ['Lite', 10, 100, false],
      ['Pro', 20, 200, true],
      ['Max', 100, 1000, false],
    ]);
  });

  it('leads each plan with its chat and document allowance and what it adds', () => {
    const firstFour = Object.fromEntries(PLANS.map((plan) => [plan.tier, plan.features.slice(0, 4)]));
    expect(firstFour.FREE).toEqual([
      '10 chat messages/day',
      '3 documents/month',
      'Basic chat',
      'Basic writing',
    ]);
    expect(firstFour.LITE).toEqual([
      '100 chat messages/day',
      '25 documents/month',
      'Advanced chat',
      'Export',
    ]);
    expect(firstFour.PRO).toEqual([
      '500 chat messages/day',
      '100 documents/month',
      'Priority processing',
      'API access',
    ]);
    expect(firstFour.MAX).toEqual(['Unlimited chat messages', 'Unlimited documents', 'Everything in Pro']);
  });
});

describe('rate limits', () => {
  it('resets at the next local midnight', () => {
    expect(rateLimitResetTime(new Date(2025, 11, 31, 23, 59, 59))).toEqual(new Date(2026, 0, 1, 0, 0, 0));
    expect(rateLimitResetTime(new Date(2025, 2, 10, 0, 0, 0))).toEqual(new Date(2025, 2, 11, 0, 0, 0));
  });

  it('allows while uses remain and reports the remainder', () => {
    const now = new Date(2025, 2, 10, 15, 0);
    expect(rateLimitStatus({ tier: 'FREE', kind: 'chatMessages', now })).toEqual({
      allowed: true,
      limit: 10,
      remaining: 10,
      resetsAt: new Date(2025, 2, 11),
    });
    expect(rateLimitStatus({ tier: 'FREE', kind: 'chatMessages', used: 10, now })).toMatchObject({
      allowed: false,
      remaining: 0,
    });
  });

  it('never limits MAX', () => {
    const status = rateLimitStatus({ tier: 'MAX', kind: 'apiCalls', used: 1_000_000, now: new Date() });
    expect(status).toMatchObject({ allowed: true, limit: null, remaining: null });
  });
});
