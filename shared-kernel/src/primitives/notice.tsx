import type { ReactNode } from 'react';
import styles from './primitives.module.css';

/**
 * A message an area shows above its content until the writer dismisses it (an error it could not act
 * on, a limit reached): announced as an alert, closed with ×. `actions` (buttons of the area's own
 * style) come before the ×.
 */
export function Notice({
  children,
  dismissLabel,
  onDismiss,
  actions,
  className,
}: {
  children: ReactNode;
  /** The × button's accessible name (the area's "Dismiss" text). */
  dismissLabel: string;
  onDismiss: () => void;
  actions?: ReactNode;
  /** Where the area places it (margins). */
  className?: string;
}) {
  return (
    <div role="alert" className={className ? `${styles.notice} ${className}` : styles.notice}>
      <span className={styles.noticeText}>{children}</span>
      {actions}
      <button type="button" className={styles.noticeDismiss} onClick={onDismiss} aria-label={dismissLabel}>
        ×
      </button>
    </div>
  );
}
