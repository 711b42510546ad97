import { Feather } from 'lucide-react';
import { useEffect, useState } from 'react';
import styles from './splash-overlay.module.css';

/** How long the splash takes to fade out; it leaves the page afterwards. Matches the CSS transition. */
export const SPLASH_FADE_MS = 300;

/**
 * The splash shown over the page at first (docs/product.md, Auth gate). When `visible` turns false it fades
 * out, then leaves the page so it never catches clicks.
 */
export function SplashOverlay({ visible }: { visible: boolean }) {
  const [present, setPresent] = useState(visible);

  useEffect(() => {
    if (visible) {
      setPresent(true);
      return;
    }
    const timer = setTimeout(() => setPresent(false), SPLASH_FADE_MS);
    return () => clearTimeout(timer);
  }, [visible]);

  if (!present) return null;
  return (
    <div className={styles.splash} data-state={visible ? 'visible' : 'hiding'} aria-hidden={!visible}>
      <Feather className={styles.splashMark} size={48} strokeWidth={1.5} aria-hidden />
      <span className={styles.visuallyHidden}>Loading</span>
    </div>
  );
}
