import { type BillingPeriod, messages } from 'shared-kernel';
import styles from './plans.module.css';

/** Monthly / Yearly, with the 'Save up to 17%' badge. */
export function PeriodSwitch({
  period,
  onChange,
}: {
  period: BillingPeriod;
  onChange(period: BillingPeriod): void;
}) {
  return (
    <div className={styles.switchRow}>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons read better than radio inputs here */}
      <div role="group" aria-label="Billing period" className={styles.switch}>
        {(['monthly', 'yearly'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={period === option}
            className={styles.switchOption}
            onClick={() => onChange(option)}
          >
            {messages.pricing[option]}
          </button>
        ))}
      </div>
      <span className={styles.badge}>{messages.pricing.saveBadge}</span>
    </div>
  );
}
