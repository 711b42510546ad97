import { useEffect, useState } from 'react';
import { PENDING_SYNC_NOTE_DELAY_MS } from '../domain/constants.ts';
import { pendingSyncText } from '../domain/messages.ts';
import styles from './primitives.module.css';

/**
 * How many of the area's changes wait on this device to reach the server; nothing when none do, nor while
 * they have waited less than {@link PENDING_SYNC_NOTE_DELAY_MS} (a save or a capture the server takes at
 * once would flash the note and move what is under it).
 */
export function PendingSync({ count, className }: { count: number; className?: string }) {
  const waiting = count > 0;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    setShown(false);
    if (!waiting) return;
    const timer = setTimeout(() => setShown(true), PENDING_SYNC_NOTE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  if (!waiting || !shown) return null;
  return (
    <p role="status" className={className ? `${styles.pendingSync} ${className}` : styles.pendingSync}>
      {pendingSyncText(count)}
    </p>
  );
}
