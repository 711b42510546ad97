import type { PGlite } from '@electric-sql/pglite';
import type { Hono } from 'hono';
import { createHostedPages } from './hosted-pages.ts';
import { createStripeApi } from './stripe-api.ts';
import { createBilling } from './stripe-billing.ts';
import { openStripeStore } from './stripe-store.ts';
import { createWebhookSender } from './webhook-sender.ts';

/** The local Stripe stand-in of a running backend. */
export interface StripeTestMode {
  /** Stripe's REST API subset, mounted at `/v1`. */
  api: Hono;
  /** Hosted checkout and portal pages and the test clock, mounted at `/stripe`. */
  pages: Hono;
  /** Resolves when every webhook event sent so far has been delivered (or given up on). */
  flush(): Promise<void>;
  /** Moves the test clock on by `seconds`, renewing or ending subscriptions whose period ended. */
  advanceTime(seconds: number): Promise<number>;
}

export async function startStripeTestMode({
  pg,
  baseUrl,
  webhookUrl,
  secretKey,
  webhookSecret,
}: {
  pg: PGlite;
  baseUrl: () => string;
  webhookUrl: () => string;
  secretKey: string;
  webhookSecret: string;
}): Promise<StripeTestMode> {
  const store = await openStripeStore(pg);
  const events = createWebhookSender({ store, url: webhookUrl, secret: webhookSecret });
  const billing = createBilling({ store, events });
  return {
    api: createStripeApi({ billing, store, secretKey, baseUrl }),
    pages: createHostedPages({ billing, secretKey }),
    flush: () => events.flush(),
    advanceTime: (seconds) => billing.advanceTime(seconds),
  };
}
