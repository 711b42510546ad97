import { Feather } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { LOADING_MOTION_DELAY_MS } from 'shared-kernel';
import styles from './splash-overlay.module.css';

/** How long the splash takes to fade out; it leaves the page afterwards. Matches the CSS transition. */
export const SPLASH_FADE_MS = 300;

/**
 * The splash shown over the page at first (docs/product.md, Auth gate). When `visible` turns false it fades
 * out, then leaves the page so it never catches clicks. A splash up for less than the loading motion delay
 * (a quick session check) leaves at once: its fade would blend the whole page for 300 ms while the
 * workspace loads beneath it, for a splash only glimpsed.
 */
export function SplashOverlay({ visible }: { visible: boolean }) {
  const [present, setPresent] = useState(visible);
  const shownAt = useRef(Date.now());

  // A layout effect: a splash that leaves at once is gone before the next paint, with no fade begun.
  useLayoutEffect(() => {
    if (visible) {
      shownAt.current = Date.now();
      setPresent(true);
      return;
    }
    if (Date.now() - shownAt.current < LOADING_MOTION_DELAY_MS) {
      setPresent(false);
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
