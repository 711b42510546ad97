import { type BillingPeriod, messages, PLANS, type Tier, yearlySaving } from 'shared-kernel';
import styles from './plans.module.css';

export interface PlanListProps {
  period: BillingPeriod;
  currentTier: Tier | null;
  /** How many features each plan shows (the Plans tab shows 4). */
  featureCount?: number;
  /** The tier whose checkout is starting. */
  busyTier: Tier | null;
  onChoose(tier: Tier): void;
}

/** The four plans with their prices, the yearly saving, the popular and the current plan marked. */
export function PlanList({ period, currentTier, featureCount, busyTier, onChoose }: PlanListProps) {
  return (
    <ul className={styles.plans} aria-label="Plans">
      {PLANS.map((plan) => {
        const current = plan.tier === currentTier;
        const price = period === 'monthly' ? plan.price.monthly : plan.price.yearly;
        const saving = yearlySaving(plan.tier);
        return (
          <li key={plan.tier} className={styles.plan} data-popular={plan.popular} aria-label={plan.name}>
            <header className={styles.planHeader}>
              <h4 className={styles.planName}>{plan.name}</h4>
              {plan.popular && <span className={styles.popular}>{messages.pricing.popular}</span>}
              {current && <span className={styles.current}>{messages.pricing.currentPlan}</span>}
            </header>
            <p className={styles.price}>
              ${price}
              <span>{period === 'monthly' ? messages.pricing.perMonth : messages.pricing.perYear}</span>
            </p>
            {period === 'yearly' && saving > 0 && (
              <p className={styles.saving}>{messages.pricing.yearlySaving(saving)}</p>
            )}
            <ul className={styles.features}>
              {plan.features.slice(0, featureCount).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
            <button
              type="button"
              className={styles.choose}
              disabled={busyTier !== null || (current && plan.tier !== 'FREE')}
              onClick={() => onChoose(plan.tier)}
            >
              {busyTier === plan.tier
                ? messages.pricing.redirecting
                : current
                  ? messages.pricing.currentPlan
                  : messages.pricing.choose(plan.name)}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
