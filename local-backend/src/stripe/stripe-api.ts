import { type Context, Hono } from 'hono';
import { parseStripeForm } from './form-body.ts';
import { type Billing, StripeApiError } from './stripe-billing.ts';
import type { StripeObject, StripeStore } from './stripe-store.ts';

const failure = (context: Context, error: StripeApiError) =>
  context.json({ error: error.body }, error.status as 400);

/**
 * The subset of Stripe's REST API the functions call, at `/v1/...` as the `stripe` package sends it:
 * customers, checkout sessions, subscriptions and billing portal sessions. Requests carry the secret key
 * as a Bearer token; a POST with an `Idempotency-Key` answers the first response again on a retry (and
 * refuses the key with other parameters), as Stripe does.
 */
export function createStripeApi({
  billing,
  store,
  secretKey,
  baseUrl,
}: {
  billing: Billing;
  store: StripeStore;
  secretKey: string;
  baseUrl: () => string;
}): Hono {
  const api = new Hono();
  api.use(async (context, next) => {
    const key = /^Bearer\s+(\S+)$/i.exec(context.req.header('authorization') ?? '')?.[1];
    if (key !== secretKey) {
      return context.json(
        { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key ?? '(none)'}` } },
        401,
      );
    }
    await next();
  });

  async function answer(context: Context, work: () => Promise<StripeObject>) {
    try {
      return context.json(await work());
    } catch (error) {
      if (error instanceof StripeApiError) return failure(context, error);
      throw error;
    }
  }

  /** A POST whose body is parsed and whose response is kept under its idempotency key. */
  const post =
    (work: (params: ReturnType<typeof parseStripeForm>, context: Context) => Promise<StripeObject>) =>
    async (context: Context) => {
      const body = await context.req.text();
      const key = context.req.header('idempotency-key');
      const stored = key ? await store.idempotent(`${context.req.path} ${key}`) : undefined;
      if (key && stored) {
        if (stored.request !== body) {
          return failure(
            context,
            new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            }),
          );
        }
        context.header('idempotent-replayed', 'true');
        return context.json(stored.response);
      }
      return answer(context, async () => {
        const result = await work(parseStripeForm(body), context);
        if (key) await store.rememberIdempotent(`${context.req.path} ${key}`, body, result);
        return result;
      });
    };

  api.post(
    '/customers',
    post((params) => billing.createCustomer(params)),
  );
  api.get('/customers/:id', (context) =>
    answer(context, () => billing.load('customer', context.req.param('id'))),
  );
  api.post(
    '/checkout/sessions',
    post((params) => billing.createCheckoutSession(params, baseUrl())),
  );
  api.get('/checkout/sessions/:id', (context) =>
    answer(context, () => billing.load('checkout.session', context.req.param('id'))),
  );
  api.get('/subscriptions/:id', (context) =>
    answer(context, () => billing.load('subscription', context.req.param('id'))),
  );
  api.post(
    '/subscriptions/:id',
    post((params, context) => billing.updateSubscription(context.req.param('id') as string, params)),
  );
  api.delete('/subscriptions/:id', (context) =>
    answer(context, () => billing.cancelSubscription(context.req.param('id'))),
  );
  api.post(
    '/billing_portal/sessions',
    post((params) => billing.createPortalSession(params, baseUrl())),
  );
  api.all('*', (context) =>
    context.json(
      {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${context.req.method}: ${context.req.path}). The local Stripe test mode answers customers, checkout sessions, subscriptions and billing portal sessions.`,
        },
      },
      404,
    ),
  );
  return api;
}
