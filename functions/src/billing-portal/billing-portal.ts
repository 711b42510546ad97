import { z } from 'zod';
import { billingErrors, failure, signedInUser, stripeClient } from '../billing/index.ts';
import type { FunctionHandler } from '../index.ts';

const portalBody = z.object({ returnUrl: z.url({ protocol: /^https?$/ }) });

/**
 * POST `{ returnUrl }` with the caller's Bearer token: a Stripe billing portal session for the caller's
 * customer (cancel at period end, resume, switch plan), answered as `{ url }`.
 */
export const billingPortal: FunctionHandler = async (request, env) => {
  if (request.method !== 'POST') return failure(billingErrors.method, 405);
  const user = await signedInUser(request, env);
  if (!user) return failure(billingErrors.unauthenticated, 401);
  const parsed = portalBody.safeParse(await request.json().catch(() => undefined));
  if (!parsed.success) return failure(billingErrors.invalidBody, 400);
  const { data: mirror } = await env
    .serviceClient()
    .from('subscriptions')
    .select('customer_id')
    .eq('user_id', user.id)
    .maybeSingle();
  if (!mirror?.customer_id) return failure(billingErrors.noSubscription, 404);
  const stripe = stripeClient(env.secrets);
  if (!stripe) return failure(billingErrors.portalFailed, 500);
  try {
    const session = await stripe.billingPortal.sessions.create({
      customer: mirror.customer_id,
      return_url: parsed.data.returnUrl,
    });
    return Response.json({ url: session.url });
  } catch (error) {
    console.error('billing-portal: Stripe refused', error);
    return failure(billingErrors.portalFailed, 502);
  }
};
