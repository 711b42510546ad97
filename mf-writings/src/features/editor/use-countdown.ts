import { useEffect, useRef, useState } from 'react';
import { EDITOR_TIMER_MINUTES } from 'shared-kernel';

const FOCUS_SECONDS = EDITOR_TIMER_MINUTES * 60;

/** `mm:ss` of a number of seconds. */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A countdown from 15:00: `toggle` starts, pauses and resumes it, `reset` stops it at 15:00. At zero it
 * stops, resets and calls `onZero`. Time is read from the clock, so a throttled background tab does not
 * slow it down.
 */
export function useCountdown(onZero: () => void): {
  remaining: number;
  running: boolean;
  toggle(): void;
  reset(): void;
} {
  const [remaining, setRemaining] = useState(FOCUS_SECONDS);
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const zero = useRef(onZero);
  zero.current = onZero;

  useEffect(() => {
    if (endsAt === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      if (left > 0) {
        setRemaining(left);
        return;
      }
      setEndsAt(null);
      setRemaining(FOCUS_SECONDS);
      zero.current();
    };
    const interval = setInterval(tick, 250);
    return () => clearInterval(interval);
  }, [endsAt]);

  return {
    remaining,
    running: endsAt !== null,
    toggle: () => setEndsAt((current) => (current === null ? Date.now() + remaining * 1000 : null)),
    reset: () => {
      setEndsAt(null);
      setRemaining(FOCUS_SECONDS);
    },
  };
}
