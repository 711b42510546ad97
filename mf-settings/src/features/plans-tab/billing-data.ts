import { httpError, messages, type Tier, type WorkspaceClient } from 'shared-kernel';

/** One metric's use in its current period; `limit` null is unlimited. */
export interface MetricUsage {
  limit: number | null;
  used: number;
  remaining: number | null;
  resets_at: string;
}

/** What the Plans tab shows: the tier the server grants, the subscription record, today's usage. */
export interface Billing {
  tier: Tier;
  subscription: {
    status: string | null;
    price_id: string | null;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    customer_id: string | null;
  } | null;
  usage: { api_calls: MetricUsage; chat_messages: MetricUsage; documents: MetricUsage };
}

/** Reads the caller's plan and usage: the subscriptions mirror (their own row) and `usage_status`. */
export async function loadBilling({
  client,
  userId,
}: {
  client: WorkspaceClient;
  userId: string;
}): Promise<Billing> {
  const [status, subscription] = await Promise.all([
    client.rpc('usage_status'),
    client
      .from('subscriptions')
      .select('status, price_id, current_period_end, cancel_at_period_end, customer_id')
      .eq('user_id', userId)
      .maybeSingle(),
  ]);
  if (status.error) throw status.error;
  if (subscription.error) throw subscription.error;
  const answer = status.data as unknown as { tier: Tier; usage: Billing['usage'] };
  return { tier: answer.tier, usage: answer.usage, subscription: subscription.data };
}

/** The text of a failed function call: the server's `error` field, or 'HTTP {status}: {text}'. */
async function failureText(error: unknown, fallback: string): Promise<{ text: string; manage: boolean }> {
  // supabase-js' FunctionsHttpError carries the function's response as `context`.
  const response = (error as { context?: unknown } | null)?.context;
  if (response instanceof Response) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { error?: string; manage?: boolean } | null;
    if (body?.error) return { text: body.error, manage: body.manage === true };
    return { text: httpError(response.status, response.statusText), manage: false };
  }
  return { text: fallback, manage: false };
}

/** The outcome of asking for a hosted page: where to go, or what to tell the writer. */
export type Redirect = { url: string } | { error: string; manage: boolean };

/** Creates a checkout session for a plan; the browser then goes to `url`. */
export async function startCheckout({
  client,
  tier,
  period,
  origin,
}: {
  client: WorkspaceClient;
  tier: Tier;
  period: 'monthly' | 'yearly';
  origin: string;
}): Promise<Redirect> {
  const { data, error } = await client.functions.invoke<{ sessionId: string; url: string }>(
    'create-checkout',
    {
      body: {
        tier,
        period,
        successUrl: `${origin}/workspace?success=true`,
        cancelUrl: `${origin}/workspace?canceled=true`,
        attemptId: crypto.randomUUID(),
      },
    },
  );
  if (error || !data?.url) {
    const { text, manage } = await failureText(error, messages.checkout.workspaceCheckoutFailed);
    return { error: text, manage };
  }
  return { url: data.url };
}

/** Opens the provider's billing portal (cancel at period end, resume, switch plan). */
export async function openPortal({
  client,
  origin,
}: {
  client: WorkspaceClient;
  origin: string;
}): Promise<Redirect> {
  const { data, error } = await client.functions.invoke<{ url: string }>('billing-portal', {
    body: { returnUrl: `${origin}/workspace` },
  });
  if (error || !data?.url)
    return {
      error: (await failureText(error, messages.checkout.workspaceCheckoutFailed)).text,
      manage: false,
    };
  return { url: data.url };
}
