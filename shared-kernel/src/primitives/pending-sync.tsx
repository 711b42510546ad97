import { pendingSyncText } from '../domain/messages.ts';
import styles from './primitives.module.css';

/** How many of the area's changes wait on this device to reach the server; nothing when none do. */
export function PendingSync({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <p role="status" className={className ? `${styles.pendingSync} ${className}` : styles.pendingSync}>
      {pendingSyncText(count)}
    </p>
  );
}
