import { useEffect } from 'react';
import { skip } from 'rxjs';
import { messages, online$, useOnline } from 'shared-kernel';
import { showToast } from '../toasts/index.ts';
import styles from './offline-badge.module.css';

/** The 'Offline' badge with its note while the browser is offline. */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className={styles.badge} role="status">
      <strong className={styles.label}>{messages.offline.badge}</strong>
      <span>{messages.offline.note}</span>
    </div>
  );
}

/** A 'Back online' toast each time the connection returns. */
export function useBackOnlineToast(): void {
  useEffect(() => {
    const subscription = online$.pipe(skip(1)).subscribe((online) => {
      if (online) showToast('success', messages.offline.backOnline);
    });
    return () => subscription.unsubscribe();
  }, []);
}
