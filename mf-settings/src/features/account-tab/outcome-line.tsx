import { formStyles } from '../../lib/controls/index.ts';
import type { AccountOutcome } from './account-data.ts';

/** An action's outcome under its form: success read out politely, an error as an alert. */
export function OutcomeLine({ outcome }: { outcome: AccountOutcome | null }) {
  if (!outcome) return null;
  return outcome.ok ? (
    <p className={formStyles.success} role="status">
      {outcome.text}
    </p>
  ) : (
    <p className={formStyles.error} role="alert">
      {outcome.error}
    </p>
  );
}
