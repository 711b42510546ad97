import { useEffect, useRef, useState } from 'react';
import { LOADING_FAILSAFE_MS, messages } from 'shared-kernel';
import styles from './loading-screen.module.css';

/** Time per typed character. */
export const TYPING_CHARACTER_MS = 70;
/** The whole tagline stays this long before the screen reports it is done. */
export const TYPING_HOLD_MS = 600;

const TAGLINE = messages.auth.loadingTagline;

/**
 * The loading screen (docs/product.md, Auth gate): types 'create something awesome', holds it a moment, then
 * calls `onDone` once. Typing runs on animation frames, which a hidden tab does not get, so a failsafe
 * timer ends the screen after 8 s whatever happened.
 */
export function LoadingScreen({ onDone }: { onDone: () => void }) {
  const [typed, setTyped] = useState(0);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      done.current();
    };
    const failsafe = setTimeout(finish, LOADING_FAILSAFE_MS);
    let frame = 0;
    let start: number | undefined;
    const step = (time: number) => {
      start ??= time;
      const elapsed = time - start;
      setTyped(Math.min(TAGLINE.length, Math.floor(elapsed / TYPING_CHARACTER_MS)));
      if (elapsed >= TAGLINE.length * TYPING_CHARACTER_MS + TYPING_HOLD_MS) finish();
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => {
      finished = true;
      clearTimeout(failsafe);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div className={styles.loadingScreen} role="status" aria-label={TAGLINE}>
      <p className={styles.tagline} aria-hidden>
        <span data-typed="">{TAGLINE.slice(0, typed)}</span>
        <span className={styles.caret} />
      </p>
    </div>
  );
}
