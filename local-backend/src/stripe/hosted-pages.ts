import { type Context, Hono } from 'hono';
import { type Billing, priceById, StripeApiError } from './stripe-billing.ts';
import { LOCAL_PRICES } from './stripe-config.ts';
import type { StripeObject } from './stripe-store.ts';

const escapeHtml = (value: unknown) =>
  String(value ?? '').replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:15px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:32px;width:min(420px,90vw)}
label{display:block;margin:12px 0 4px;font-weight:600;font-size:13px}
input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #ccd;border-radius:6px;font:inherit}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}
[role=alert]{color:#c0123c;margin-top:12px}.note{color:#697386;font-size:13px}a{color:#635bff}
</style></head><body><main>${body}</main></body></html>`;
}

function checkoutPage(session: StripeObject, error?: string): string {
  const [item] = session.line_items as { price: string }[];
  const price = priceById(item?.price);
  const plan = price ? `${price.tier[0]}${price.tier.slice(1).toLowerCase()}` : 'Subscription';
  const amount = price ? `${money(price.unitAmount)} per ${price.interval}` : '';
  const form = `<form method="post">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escapeHtml(session.customer_email)}">
<label for="card">Card number</label><input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required>
<label for="expiry">Expiration</label><input id="expiry" name="expiry" placeholder="MM / YY" required>
<label for="cvc">CVC</label><input id="cvc" name="cvc" placeholder="CVC" required>
<label for="name">Cardholder name</label><input id="name" name="name" autocomplete="cc-name">
<button type="submit">Subscribe</button>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
</form>`;
  return page(
    `Subscribe to ${plan}`,
    `<p class="note">Local Stripe test mode: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined.</p>
<h1>Subscribe to ${escapeHtml(plan)}</h1><p><strong>${escapeHtml(amount)}</strong></p>
${session.status === 'open' ? form : `<p role="alert">${escapeHtml(error ?? 'This checkout session is no longer available.')}</p>`}
<p><a href="${escapeHtml(session.cancel_url)}">← Back</a></p>`,
  );
}

function portalPage(portal: StripeObject, subscription: StripeObject | undefined, notice?: string): string {
  const returnLink = `<p><a href="${escapeHtml(portal.return_url)}">Return to the workspace</a></p>`;
  if (!subscription || subscription.status === 'canceled') {
    return page('Billing', `<h1>Billing</h1><p>No active subscription.</p>${returnLink}`);
  }
  const item = (subscription.items as { data: { price: { id: string }; current_period_end: number }[] })
    .data[0];
  const price = priceById(item?.price.id);
  const end = day(item?.current_period_end ?? 0);
  const status = subscription.cancel_at_period_end ? `Cancels on ${end}` : `Renews on ${end}`;
  const options = LOCAL_PRICES.filter((candidate) => candidate.id !== price?.id)
    .map(
      (candidate) =>
        `<option value="${candidate.id}">${candidate.tier} ${money(candidate.unitAmount)}/${candidate.interval}</option>`,
    )
    .join('');
  const action = subscription.cancel_at_period_end
    ? `<form method="post" action="./${portal.id}/resume"><button type="submit">Renew plan</button></form>`
    : `<form method="post" action="./${portal.id}/cancel"><button type="submit" class="secondary">Cancel plan</button></form>`;
  return page(
    'Billing',
    `<h1>Billing</h1><h2>${escapeHtml(price?.tier ?? '')} ${price ? `${money(price.unitAmount)} per ${price.interval}` : ''}</h2>
<p data-testid="subscription-status">${escapeHtml(status)}</p>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ''}
${action}
<form method="post" action="./${portal.id}/switch"><label for="price">Switch plan</label><select id="price" name="price">${options}</select>
<button type="submit" class="secondary">Update plan</button></form>${returnLink}`,
  );
}

/**
 * The pages a customer sees on Stripe's own site, locally: the hosted checkout (`/stripe/checkout/:id`)
 * and the billing portal (`/stripe/portal/:id`), plus the test hook that moves the test clock
 * (`POST /stripe/test/advance-time {"seconds": n}` with the secret key as Bearer token).
 */
export function createHostedPages({ billing, secretKey }: { billing: Billing; secretKey: string }): Hono {
  const pages = new Hono();
  pages.onError((error, context) =>
    error instanceof StripeApiError
      ? context.html(page('Not found', `<p role="alert">${escapeHtml(error.message)}</p>`), 404)
      : Promise.reject(error),
  );

  pages.get('/checkout/:id', async (context) =>
    context.html(checkoutPage(await billing.load('checkout.session', context.req.param('id')))),
  );
  pages.post('/checkout/:id', async (context) => {
    const id = context.req.param('id');
    const form = await context.req.parseBody();
    const result = await billing.payCheckout(id, String(form.cardNumber ?? ''));
    if ('redirect' in result) return context.redirect(result.redirect, 303);
    return context.html(checkoutPage(await billing.load('checkout.session', id), result.error), 402);
  });

  const portalView = async (context: Context, notice?: string) => {
    const portal = await billing.load('billing_portal.session', context.req.param('id') as string);
    return context.html(
      portalPage(portal, await billing.currentSubscription(portal.customer as string), notice),
    );
  };
  pages.get('/portal/:id', (context) => portalView(context));
  const portalAction =
    (change: (subscription: string, form: Record<string, unknown>) => Promise<unknown>, notice: string) =>
    async (context: Context) => {
      const portal = await billing.load('billing_portal.session', context.req.param('id') as string);
      const subscription = await billing.currentSubscription(portal.customer as string);
      if (subscription && subscription.status !== 'canceled')
        await change(subscription.id, await context.req.parseBody());
      return portalView(context, notice);
    };
  pages.post(
    '/portal/:id/cancel',
    portalAction(
      (id) => billing.updateSubscription(id, { cancel_at_period_end: 'true' }),
      'Your plan will be canceled at the end of the period.',
    ),
  );
  pages.post(
    '/portal/:id/resume',
    portalAction(
      (id) => billing.updateSubscription(id, { cancel_at_period_end: 'false' }),
      'Your plan has been renewed.',
    ),
  );
  pages.post(
    '/portal/:id/switch',
    portalAction(
      (id, form) => billing.updateSubscription(id, { items: [{ price: String(form.price ?? '') }] }),
      'Your plan has been updated.',
    ),
  );

  pages.post('/test/advance-time', async (context) => {
    if (context.req.header('authorization') !== `Bearer ${secretKey}`)
      return context.json({ error: 'Invalid API key' }, 401);
    const { seconds } = (await context.req.json()) as { seconds?: unknown };
    if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
      return context.json({ error: 'Expected {"seconds": a non-negative number}' }, 400);
    }
    return context.json({ now: await billing.advanceTime(seconds) });
  });
  return pages;
}
