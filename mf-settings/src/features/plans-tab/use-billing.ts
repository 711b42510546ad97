import { useCallback, useEffect, useState } from 'react';
import { type AreaProps, getSupabaseClient, type Tier } from 'shared-kernel';
import { type Billing, loadBilling } from './billing-data.ts';

/** How often the Plans tab asks again while a paid checkout is activating, and for how long. */
const ACTIVATION_POLL_MS = 1_000;
const ACTIVATION_TIMEOUT_MS = 90_000;

export interface BillingView {
  billing: Billing | null;
  failed: boolean;
  /** Back from a paid checkout and the webhook has not landed yet. */
  activating: boolean;
  /** The tier the activation ended on (to say so once). */
  activatedTier: Tier | null;
  refresh(): void;
}

/**
 * The caller's plan and usage, loaded when shown. After a successful checkout it asks again every
 * second until the server grants a paid tier (the webhook has landed), so no reload is needed.
 */
export function useBilling(
  { backend, user }: Pick<AreaProps, 'backend' | 'user'>,
  activate: boolean,
): BillingView {
  const [billing, setBilling] = useState<Billing | null>(null);
  const [failed, setFailed] = useState(false);
  const [activating, setActivating] = useState(activate);
  const [activatedTier, setActivatedTier] = useState<Tier | null>(null);
  const userId = user?.id;

  const refresh = useCallback(() => {
    if (!userId) return;
    loadBilling({ client: getSupabaseClient(backend), userId }).then(
      (next) => {
        setBilling(next);
        setFailed(false);
      },
      (error: unknown) => {
        console.error('The plan could not be loaded', error);
        setFailed(true);
      },
    );
  }, [backend, userId]);

  useEffect(refresh, [refresh]);
  useEffect(() => setActivating(activate), [activate]);

  useEffect(() => {
    if (!activating) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > ACTIVATION_TIMEOUT_MS) setActivating(false);
      else refresh();
    }, ACTIVATION_POLL_MS);
    return () => clearInterval(timer);
  }, [activating, refresh]);

  useEffect(() => {
    if (!billing) return;
    if (activating && billing.tier !== 'FREE' && billing.subscription?.status === 'active') {
      setActivating(false);
      setActivatedTier(billing.tier);
    }
  }, [billing, activating]);

  return { billing, failed, activating, activatedTier, refresh };
}
