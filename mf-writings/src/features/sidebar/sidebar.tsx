import { type AreaProps, messages } from 'shared-kernel';
import styles from './sidebar.module.css';

/** The writings sidebar: brand, New and Search, the folders and the writings list. */
export function Sidebar({ bus }: AreaProps) {
  return (
    <nav className={styles.sidebar} aria-label="Writings">
      <header className={styles.brand}>
        <span className={styles.mark} aria-hidden="true" />
        Workspace
      </header>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => bus.emit({ type: 'writings.new' })}>
          New
        </button>
        <button type="button" className={styles.secondary} onClick={() => bus.emit({ type: 'search.open' })}>
          Search
        </button>
      </div>
      <p className={styles.listFooter}>{messages.writings.empty}</p>
      {/* The shell places the Profile button in this corner. */}
      <footer className={styles.footer} />
    </nav>
  );
}
