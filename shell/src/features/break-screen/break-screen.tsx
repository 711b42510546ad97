import { useEffect, useRef, useState } from 'react';
import { BREAK_SCREEN } from 'shared-kernel';
import { type BouncingIcon, BouncingIcons, createBouncingIcon } from './bouncing-icons.tsx';
import styles from './break-screen.module.css';
import { useReducedMotion } from './use-reduced-motion.ts';
import { WELCOME_BACK, WRITING_JOKES } from './writing-jokes.ts';

const clockFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The time of day, refreshed every `intervalMs`. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** One icon at first, another every interval, never more than the maximum. */
function useBouncingIcons(): BouncingIcon[] {
  const [icons, setIcons] = useState(() => [createBouncingIcon(0)]);
  useEffect(() => {
    const timer = setInterval(() => {
      setIcons((current) =>
        current.length < BREAK_SCREEN.maxIcons ? [...current, createBouncingIcon(current.length)] : current,
      );
    }, BREAK_SCREEN.iconIntervalMs);
    return () => clearInterval(timer);
  }, []);
  return icons;
}

type Phase = 'resting' | 'leaving' | 'welcome';

/**
 * The break screen (docs/product.md, Break screen): fullscreen black with a clock, a random writing joke after a
 * moment and slowly accumulating bouncing icons. Any key or click ends the break: the screen fades for
 * 0.7 s, says welcome back for 1.6 s, then calls `onExit`.
 */
export function BreakScreen({ onExit }: { onExit: () => void }) {
  const now = useNow(BREAK_SCREEN.clockTickMs);
  const icons = useBouncingIcons();
  const reducedMotion = useReducedMotion();
  const [joke] = useState(() => WRITING_JOKES[Math.floor(Math.random() * WRITING_JOKES.length)]);
  const [jokeShown, setJokeShown] = useState(false);
  const [phase, setPhase] = useState<Phase>('resting');
  const screen = useRef<HTMLDivElement>(null);
  const exit = useRef(onExit);
  exit.current = onExit;

  useEffect(() => {
    const timer = setTimeout(() => setJokeShown(true), BREAK_SCREEN.jokeDelayMs);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => screen.current?.focus(), []);

  useEffect(() => {
    if (phase !== 'resting') return;
    const leave = (event: Event) => {
      // The key must not reach the editor underneath.
      event.preventDefault();
      setPhase('leaving');
    };
    // Listening from the next task on: the click or key that opened the break is still on its way up
    // to the window when React mounts this screen, and would end the break at once.
    const timer = setTimeout(() => {
      window.addEventListener('keydown', leave, { capture: true });
      window.addEventListener('click', leave, { capture: true });
    });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', leave, { capture: true });
      window.removeEventListener('click', leave, { capture: true });
    };
  }, [phase]);

  useEffect(() => {
    if (phase === 'resting') return;
    const timer =
      phase === 'leaving'
        ? setTimeout(() => setPhase('welcome'), BREAK_SCREEN.exitDelayMs)
        : setTimeout(() => exit.current(), BREAK_SCREEN.welcomeMessageMs);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div
      ref={screen}
      className={styles.screen}
      data-phase={phase}
      role="dialog"
      aria-modal="true"
      aria-label="Break"
      tabIndex={-1}
    >
      {phase === 'welcome' ? (
        <p className={styles.welcome} role="status">
          {WELCOME_BACK}
        </p>
      ) : (
        <>
          <BouncingIcons icons={icons} animate={!reducedMotion} />
          <div className={styles.centre}>
            <time className={styles.clock} dateTime={now.toISOString()}>
              {clockFormat.format(now)}
            </time>
            <p className={styles.joke} aria-live="polite">
              {jokeShown ? joke : null}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
