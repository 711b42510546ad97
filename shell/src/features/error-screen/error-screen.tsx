import { TriangleAlert } from 'lucide-react';
import { messages } from 'shared-kernel';
import styles from './error-screen.module.css';

/**
 * The screen shown for a failure outside any remote slot (docs/product.md, Messages): 'Something went wrong',
 * why it may have happened, Try Again (the caller decides what that resets) and Reload Page.
 */
export function ErrorScreen({ onTryAgain }: { onTryAgain: () => void }) {
  return (
    <div className={styles.screen} role="alert">
      <div className={styles.card}>
        <TriangleAlert className={styles.icon} aria-hidden size={32} />
        <h1 className={styles.title}>{messages.errorScreen.title}</h1>
        <p className={styles.body}>{messages.errorScreen.body}</p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={onTryAgain}>
            {messages.errorScreen.tryAgain}
          </button>
          <button type="button" className={styles.secondary} onClick={() => window.location.reload()}>
            {messages.errorScreen.reload}
          </button>
        </div>
      </div>
    </div>
  );
}
