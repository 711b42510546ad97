import { useState } from 'react';
import { type AreaProps, type BusEventOf, messages, useBusEvent } from 'shared-kernel';
import { Modal } from '../../lib/modal.tsx';
import styles from './pricing-dialog.module.css';

type PricingRequest = Omit<BusEventOf<'pricing.open'>, 'type'>;

function pricingBody({ reason, feature }: PricingRequest): string | null {
  if (reason === 'rate-limit') return messages.pricing.rateLimitBody;
  if (reason === 'premium-feature' && feature) return messages.pricing.premiumFeature(feature);
  return null;
}

/** The pricing dialog, titled by why it opened (rate limit, premium feature, or a plain upgrade). */
export function PricingDialog({ bus }: AreaProps) {
  const [request, setRequest] = useState<PricingRequest | null>(null);
  useBusEvent(bus, 'pricing.open', ({ type: _type, ...next }) => setRequest(next));
  const body = request && pricingBody(request);

  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => !open && setRequest(null)}
      title={messages.pricing.titles[request?.reason ?? 'upgrade']}
    >
      <div className={styles.body}>{body && <p className={styles.lead}>{body}</p>}</div>
    </Modal>
  );
}
