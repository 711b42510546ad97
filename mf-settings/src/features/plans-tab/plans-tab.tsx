import { useState } from 'react';
import { type AreaProps, type BillingPeriod, messages, PLANS } from 'shared-kernel';
import type { Billing } from './billing-data.ts';
import { PeriodSwitch } from './period-switch.tsx';
import { PlanList } from './plan-list.tsx';
import styles from './plans.module.css';
import { UsageMeters } from './usage-meters.tsx';
import { useBilling } from './use-billing.ts';
import { useChoosePlan } from './use-choose-plan.ts';

const planName = (tier: string) => PLANS.find((plan) => plan.tier === tier)?.name ?? tier;

function renewalText(subscription: Billing['subscription']): string | null {
  if (!subscription?.current_period_end || subscription.status !== 'active') return null;
  const date = new Date(subscription.current_period_end).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  return subscription.cancel_at_period_end ? messages.plans.ends(date) : messages.plans.renews(date);
}

/**
 * The Plans tab of Settings: the current plan with its renewal or end date, usage meters, the plans
 * (first 4 features each) with the Monthly/Yearly switch, and Manage subscription for a paid plan.
 * `checkout` is set when the writer just came back from the provider's checkout.
 */
export function PlansTab({
  backend,
  user,
  checkout,
}: Pick<AreaProps, 'backend' | 'user'> & { checkout?: 'success' | 'canceled' | undefined }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { billing, failed, activating, activatedTier } = useBilling(
    { backend, user },
    checkout === 'success',
  );
  const { busyTier, notice, choose, manage } = useChoosePlan({ backend }, period);
  const renewal = renewalText(billing?.subscription ?? null);

  return (
    <div className={styles.tab}>
      {activating && (
        <p role="status" className={styles.status}>
          {messages.plans.activating}
        </p>
      )}
      {activatedTier && (
        <p role="status" className={styles.status}>
          {messages.plans.activated(planName(activatedTier))}
        </p>
      )}
      {checkout === 'canceled' && (
        <p role="status" className={styles.status}>
          {messages.plans.checkoutCanceled}
        </p>
      )}
      {failed && <p role="alert">{messages.plans.loadFailed}</p>}
      {billing && (
        <section className={styles.summary} aria-label={messages.pricing.currentPlan}>
          <p>
            {messages.pricing.currentPlan}:{' '}
            <strong data-testid="current-tier">{planName(billing.tier)}</strong>
            {renewal && <span className={styles.renewal}> · {renewal}</span>}
          </p>
          {billing.subscription?.customer_id && billing.subscription.status && (
            <button type="button" className={styles.secondary} onClick={() => void manage()}>
              {messages.plans.manage}
            </button>
          )}
        </section>
      )}
      {billing && <UsageMeters usage={billing.usage} />}
      <PeriodSwitch period={period} onChange={setPeriod} />
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={styles.status}>
          {notice.text}
        </p>
      )}
      <PlanList
        period={period}
        currentTier={billing?.tier ?? null}
        featureCount={4}
        busyTier={busyTier}
        onChoose={(tier) => void choose(tier)}
      />
    </div>
  );
}
