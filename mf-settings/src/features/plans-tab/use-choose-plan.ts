import { useState } from 'react';
import { type AreaProps, type BillingPeriod, getSupabaseClient, messages, type Tier } from 'shared-kernel';
import { openPortal, startCheckout } from './billing-data.ts';

/** What choosing a plan tells the writer: an info line (Free) or an error (a failed checkout). */
export type ChoiceNotice = { kind: 'info' | 'error'; text: string } | null;

/** Where the browser goes for a hosted page; a seam for tests. */
export const navigation = { go: (url: string) => window.location.assign(url) };

/**
 * Choosing a plan: Free says 'You are already on the Free plan'; a paid plan shows a loading state, creates
 * a checkout session and goes to the provider's checkout page; a writer already subscribed is sent to the
 * billing portal to switch.
 */
export function useChoosePlan({ backend }: Pick<AreaProps, 'backend'>, period: BillingPeriod) {
  const [busyTier, setBusyTier] = useState<Tier | null>(null);
  const [notice, setNotice] = useState<ChoiceNotice>(null);
  const client = () => getSupabaseClient(backend);
  const origin = window.location.origin;

  async function manage(): Promise<void> {
    const portal = await openPortal({ client: client(), origin });
    if ('url' in portal) navigation.go(portal.url);
    else setNotice({ kind: 'error', text: portal.error });
  }

  async function choose(tier: Tier): Promise<void> {
    if (tier === 'FREE') {
      setNotice({ kind: 'info', text: messages.checkout.alreadyFree });
      return;
    }
    setNotice(null);
    setBusyTier(tier);
    try {
      const checkout = await startCheckout({ client: client(), tier, period, origin });
      if ('url' in checkout) return navigation.go(checkout.url);
      if (checkout.manage) return await manage();
      setNotice({ kind: 'error', text: checkout.error });
    } catch (error) {
      console.error('Checkout failed', error);
      setNotice({ kind: 'error', text: messages.checkout.workspaceCheckoutFailed });
    } finally {
      setBusyTier(null);
    }
  }

  return { busyTier, notice, choose, manage };
}
