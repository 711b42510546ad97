import { createHmac } from 'node:crypto';
import { type StripeObject, type StripeStore, stripeId } from './stripe-store.ts';

/** The API version the local events claim: the one stripe 23 pins. */
export const LOCAL_API_VERSION = '2026-10-28.endive';

const MAX_ATTEMPTS = 5;
const FIRST_RETRY_MS = 250;

/** Stripe's signature header for a payload: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader({
  payload,
  secret,
  timestamp,
}: {
  payload: string;
  secret: string;
  timestamp: number;
}) {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Sends signed events to the webhook endpoint, one at a time and in order, retrying failures. */
export interface WebhookSender {
  /** Records an event of `type` about `object` and queues its delivery. */
  send(
    type: string,
    object: StripeObject,
    previousAttributes?: Record<string, unknown>,
  ): Promise<StripeObject>;
  /** Resolves when every queued delivery has been answered (or given up on). */
  flush(): Promise<void>;
}

export function createWebhookSender({
  store,
  url,
  secret,
}: {
  store: StripeStore;
  /** Where events go; a function, as the backend's own URL is known only once it listens. */
  url: () => string;
  secret: string;
}): WebhookSender {
  let queue: Promise<void> = Promise.resolve();

  async function deliver(event: StripeObject): Promise<void> {
    const payload = JSON.stringify(event);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      // Signed at delivery with real time: the receiver's tolerance is about the wire, not the test clock.
      const header = signatureHeader({ payload, secret, timestamp: Math.floor(Date.now() / 1000) });
      try {
        const response = await fetch(url(), {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
          body: payload,
        });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // The endpoint is down: retried below, as Stripe does.
      }
      await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** attempt));
    }
    console.error(`local Stripe: gave up delivering ${event.type as string} ${event.id}`);
  }

  return {
    async send(type, object, previousAttributes) {
      const event: StripeObject = {
        id: stripeId('evt'),
        object: 'event',
        api_version: LOCAL_API_VERSION,
        created: await store.now(),
        data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
      await store.put(event);
      queue = queue.then(() => deliver(event));
      return event;
    },
    flush: () => queue,
  };
}
