import type { ReactNode } from 'react';
import styles from './primitives.module.css';

/** A side panel (Ideas, Chat): a header with its title and actions, and its body filling the rest. */
export function Panel({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel} aria-label={title}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{title}</h2>
        {actions && <div className={styles.panelActions}>{actions}</div>}
      </header>
      {children}
    </section>
  );
}
