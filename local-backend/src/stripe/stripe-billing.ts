import type { FormObject, FormValue } from './form-body.ts';
import { LOCAL_PRICES, type LocalPrice } from './stripe-config.ts';
import { type StripeObject, type StripeStore, stripeId } from './stripe-store.ts';
import type { WebhookSender } from './webhook-sender.ts';

/** A refusal in Stripe's error shape (`{ error: { type, code, message, param } }`). */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; code?: string; message: string; param?: string },
  ) {
    super(body.message);
  }
}

const missing = (kind: string, id: string, param?: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    ...(param ? { param } : {}),
  });

const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined);
const record = (value: FormValue | undefined) =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};

export const priceById = (id: string | undefined) => LOCAL_PRICES.find((price) => price.id === id);

function priceObject(price: LocalPrice) {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: price.unitAmount,
    recurring: { interval: price.interval, interval_count: 1 },
    product: `prod_local_${price.tier.toLowerCase()}`,
    nickname: `${price.tier} ${price.interval === 'month' ? 'monthly' : 'yearly'}`,
  };
}

/** One interval after `seconds`, in calendar months or years (UTC), as Stripe bills. */
export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000);
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + 1);
  else date.setUTCFullYear(date.getUTCFullYear() + 1);
  return Math.floor(date.getTime() / 1000);
}

/** The objects and state changes of the local test mode; every change sends its webhook events. */
export class LocalBilling {
  constructor(
    private readonly store: StripeStore,
    private readonly events: WebhookSender,
  ) {}

  async load(kind: string, id: string): Promise<StripeObject> {
    const object = await this.store.get(id);
    if (!object || object.object !== kind) throw missing(kind.replace('.', ' '), id);
    return object;
  }

  async createCustomer(params: FormObject): Promise<StripeObject> {
    return this.store.put({
      id: stripeId('cus'),
      object: 'customer',
      created: await this.store.now(),
      email: text(params.email) ?? null,
      name: text(params.name) ?? null,
      metadata: record(params.metadata),
      livemode: false,
    });
  }

  async createCheckoutSession(params: FormObject, baseUrl: string): Promise<StripeObject> {
    const lineItems = Array.isArray(params.line_items) ? params.line_items : [];
    const first = record(lineItems[0]);
    if (text(params.mode) !== 'subscription') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'The local test mode only supports mode=subscription.',
        param: 'mode',
      });
    }
    if (!priceById(first.price)) throw missing('price', first.price ?? '', 'line_items[0][price]');
    const customer = text(params.customer);
    if (customer) await this.load('customer', customer);
    for (const name of ['success_url', 'cancel_url'] as const) {
      if (!text(params[name])) {
        throw new StripeApiError(400, {
          type: 'invalid_request_error',
          code: 'parameter_missing',
          message: `Missing required param: ${name}.`,
          param: name,
        });
      }
    }
    const id = stripeId('cs_test');
    const now = await this.store.now();
    const subscriptionData = params.subscription_data;
    return this.store.put({
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      created: now,
      expires_at: now + 24 * 3600,
      customer: customer ?? null,
      customer_email: text(params.customer_email) ?? null,
      client_reference_id: text(params.client_reference_id) ?? null,
      metadata: record(params.metadata),
      subscription_metadata:
        subscriptionData && typeof subscriptionData === 'object' && !Array.isArray(subscriptionData)
          ? record(subscriptionData.metadata)
          : {},
      line_items: [{ price: first.price, quantity: Number(first.quantity ?? 1) }],
      success_url: text(params.success_url),
      cancel_url: text(params.cancel_url),
      subscription: null,
      url: `${baseUrl}/stripe/checkout/${id}`,
      livemode: false,
    });
  }

  async newSubscription(session: StripeObject, price: LocalPrice, customer: string) {
    const now = await this.store.now();
    return this.store.put({
      id: stripeId('sub'),
      object: 'subscription',
      customer,
      status: 'active',
      created: now,
      start_date: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_end: null,
      metadata: session.subscription_metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: stripeId('si'),
            object: 'subscription_item',
            price: priceObject(price),
            quantity: 1,
            current_period_start: now,
            current_period_end: addInterval(now, price.interval),
          },
        ],
      },
      livemode: false,
    });
  }

  /** Pays a checkout session with a test card: 4242… succeeds, 4000 0000 0000 0002 is declined. */
  async payCheckout(
    sessionId: string,
    cardNumber: string,
  ): Promise<{ redirect: string } | { error: string }> {
    const session = await this.load('checkout.session', sessionId);
    if (session.status !== 'open' || (session.expires_at as number) < (await this.store.now())) {
      return { error: 'This checkout session is no longer available.' };
    }
    const digits = cardNumber.replace(/\D/g, '');
    if (digits === '4000000000000002') return { error: 'Your card was declined.' };
    if (digits !== '4242424242424242') return { error: 'Your card number is invalid.' };
    const [item] = session.line_items as { price: string }[];
    const price = priceById(item?.price) as LocalPrice;
    const customer =
      (session.customer as string | null) ??
      (await this.createCustomer({ email: (session.customer_email as string | null) ?? '' })).id;
    const subscription = await this.newSubscription(session, price, customer);
    const completed = await this.store.put({
      ...session,
      status: 'complete',
      payment_status: 'paid',
      customer,
      subscription: subscription.id,
    });
    await this.events.send('customer.subscription.created', subscription);
    await this.events.send('checkout.session.completed', completed);
    const successUrl = (session.success_url as string).replaceAll('{CHECKOUT_SESSION_ID}', sessionId);
    return { redirect: successUrl };
  }

  async updateSubscription(id: string, params: FormObject): Promise<StripeObject> {
    const subscription = await this.load('subscription', id);
    if (subscription.status === 'canceled') {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: 'A canceled subscription can only update its cancellation_details and metadata.',
      });
    }
    const previous: Record<string, unknown> = {};
    const next: StripeObject = { ...subscription };
    const cancel = text(params.cancel_at_period_end);
    if (cancel !== undefined) {
      previous.cancel_at_period_end = subscription.cancel_at_period_end;
      next.cancel_at_period_end = cancel === 'true';
      next.canceled_at = cancel === 'true' ? await this.store.now() : null;
      const item = (subscription.items as { data: { current_period_end: number }[] }).data[0];
      next.cancel_at = cancel === 'true' ? (item?.current_period_end ?? null) : null;
    }
    const items = Array.isArray(params.items) ? params.items : [];
    const newPrice = priceById(record(items[0]).price);
    if (items.length > 0 && !newPrice)
      throw missing('price', record(items[0]).price ?? '', 'items[0][price]');
    if (newPrice) {
      const list = subscription.items as { data: Record<string, unknown>[] };
      previous.items = list;
      next.items = {
        ...list,
        data: list.data.map((item, index) =>
          index === 0 ? { ...item, price: priceObject(newPrice) } : item,
        ),
      };
    }
    await this.store.put(next);
    await this.events.send('customer.subscription.updated', next, previous);
    return next;
  }

  async endSubscription(subscription: StripeObject, endedAt: number): Promise<StripeObject> {
    const ended = await this.store.put({
      ...subscription,
      status: 'canceled',
      ended_at: endedAt,
      canceled_at: subscription.canceled_at ?? endedAt,
    });
    await this.events.send('customer.subscription.deleted', ended);
    return ended;
  }

  async cancelSubscription(id: string): Promise<StripeObject> {
    const subscription = await this.load('subscription', id);
    if (subscription.status === 'canceled') return subscription;
    return this.endSubscription(subscription, await this.store.now());
  }

  /** Moves the test clock on; periods that ended renew, or end the subscription when it was cancelled. */
  async advanceTime(seconds: number): Promise<number> {
    const now = await this.store.advance(seconds);
    for (const subscription of await this.store.list('subscription')) {
      if (subscription.status === 'canceled') continue;
      const list = subscription.items as { data: Record<string, unknown>[] };
      const item = list.data[0] as {
        current_period_end: number;
        price: { recurring: { interval: 'month' | 'year' } };
      };
      if (item.current_period_end > now) continue;
      if (subscription.cancel_at_period_end) {
        await this.endSubscription(subscription, item.current_period_end);
        continue;
      }
      let start = item.current_period_end;
      let end = addInterval(start, item.price.recurring.interval);
      while (end <= now) [start, end] = [end, addInterval(end, item.price.recurring.interval)];
      const renewed = await this.store.put({
        ...subscription,
        items: {
          ...list,
          data: [{ ...item, current_period_start: start, current_period_end: end }, ...list.data.slice(1)],
        },
      });
      await this.events.send('customer.subscription.updated', renewed, { items: list });
    }
    return now;
  }

  async createPortalSession(params: FormObject, baseUrl: string): Promise<StripeObject> {
    const customer = text(params.customer) ?? '';
    await this.load('customer', customer);
    const id = stripeId('bps');
    return this.store.put({
      id,
      object: 'billing_portal.session',
      created: await this.store.now(),
      customer,
      return_url: text(params.return_url) ?? null,
      url: `${baseUrl}/stripe/portal/${id}`,
      livemode: false,
    });
  }

  /** The customer's newest subscription that has not ended, else the newest one. */
  async currentSubscription(customer: string): Promise<StripeObject | undefined> {
    const owned = (await this.store.list('subscription'))
      .filter((subscription) => subscription.customer === customer)
      .sort((a, b) => (b.created as number) - (a.created as number));
    return owned.find((subscription) => subscription.status !== 'canceled') ?? owned[0];
  }
}

/** Creates the local test mode's billing over its store and webhook sender. */
export function createBilling({
  store,
  events,
}: {
  store: StripeStore;
  events: WebhookSender;
}): LocalBilling {
  return new LocalBilling(store, events);
}

export type Billing = LocalBilling;
