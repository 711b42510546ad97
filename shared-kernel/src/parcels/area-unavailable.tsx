import styles from './area-unavailable.module.css';

/** What a slot shows when its area failed to load or crashed: the area's name and a way back. */
export function AreaUnavailable({ label, onRetry }: { label: string; onRetry: () => void }) {
  return (
    <div role="alert" className={styles.root} data-area-unavailable={label}>
      <p className={styles.message}>{label} is unavailable</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
