import type { ReactNode } from 'react';
import styles from './primitives.module.css';

/** What an area shows when it has nothing to show yet: a title and, optionally, a line of guidance. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.emptyState}>
      <p className={styles.emptyTitle}>{title}</p>
      {children && <p className={styles.emptyBody}>{children}</p>}
    </div>
  );
}
