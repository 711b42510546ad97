import { messages } from 'shared-kernel';
import type { Billing, MetricUsage } from './billing-data.ts';
import styles from './plans.module.css';

function Meter({ label, usage }: { label: string; usage: MetricUsage }) {
  const limit = usage.limit;
  return (
    <div className={styles.meter}>
      <div className={styles.meterLabel}>
        <span>{label}</span>
        <span>
          {limit === null ? `${usage.used} · ${messages.plans.unlimited}` : `${usage.used} / ${limit}`}
        </span>
      </div>
      <meter
        aria-label={label}
        min={0}
        max={limit ?? Math.max(usage.used, 1)}
        value={usage.used}
        className={styles.meterBar}
      />
    </div>
  );
}

/** Today's API calls and chat messages and this month's documents against the tier's limits. */
export function UsageMeters({ usage }: { usage: Billing['usage'] }) {
  return (
    <section aria-label={messages.plans.usage} className={styles.usage}>
      <h4 className={styles.sectionTitle}>{messages.plans.usage}</h4>
      <Meter label={messages.plans.apiCallsToday} usage={usage.api_calls} />
      <Meter label={messages.plans.chatMessagesToday} usage={usage.chat_messages} />
      <Meter label={messages.plans.documentsThisMonth} usage={usage.documents} />
    </section>
  );
}
