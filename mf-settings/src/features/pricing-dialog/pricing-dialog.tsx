import { useState } from 'react';
import { type AreaProps, type BillingPeriod, type BusEventOf, messages, useBusEvent } from 'shared-kernel';
import { Modal } from '../../lib/modal.tsx';
import { PeriodSwitch, PlanList, useBilling, useChoosePlan } from '../plans-tab/index.ts';
import styles from './pricing-dialog.module.css';

type PricingRequest = Omit<BusEventOf<'pricing.open'>, 'type'>;

function pricingBody({ reason, feature }: PricingRequest): string | null {
  if (reason === 'rate-limit') return messages.pricing.rateLimitBody;
  if (reason === 'premium-feature' && feature) return messages.pricing.premiumFeature(feature);
  return null;
}

/** The plans, the switch and the guarantee; mounted only while the dialog is open. */
function PricingPlans({ backend, user }: Pick<AreaProps, 'backend' | 'user'>) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const { billing } = useBilling({ backend, user }, false);
  const { busyTier, notice, choose } = useChoosePlan({ backend }, period);
  return (
    <>
      <PeriodSwitch period={period} onChange={setPeriod} />
      {notice && <p role={notice.kind === 'error' ? 'alert' : 'status'}>{notice.text}</p>}
      <PlanList
        period={period}
        currentTier={billing?.tier ?? null}
        busyTier={busyTier}
        onChoose={(tier) => void choose(tier)}
      />
      <p className={styles.lead}>
        {messages.pricing.moneyBackGuarantee} · {messages.pricing.cancelAnytime}
      </p>
    </>
  );
}

/** The pricing dialog, titled by why it opened (rate limit, premium feature, or a plain upgrade). */
export function PricingDialog({ bus, backend, user }: AreaProps) {
  const [request, setRequest] = useState<PricingRequest | null>(null);
  useBusEvent(bus, 'pricing.open', ({ type: _type, ...next }) => setRequest(next));
  const body = request && pricingBody(request);

  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && setRequest(null)}
      title={messages.pricing.titles[request?.reason ?? 'upgrade']}
    >
      <div className={styles.body}>
        {body && <p className={styles.lead}>{body}</p>}
        {request && <PricingPlans backend={backend} user={user} />}
      </div>
    </Modal>
  );
}
