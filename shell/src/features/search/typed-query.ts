import { useCallback, useEffect, useRef, useState } from 'react';
import { type EventBus, useBusEvent } from 'shared-kernel';

/** Keys kept for the search field while its code loads; see {@link useSearchOpening}. */
interface TypedQuery {
  /** What was typed so far; from then on keys go where the focus is (the field). Answers the same again. */
  take: () => string;
  /** Keys are no longer kept (search closed before its field showed). */
  stop: () => void;
}

/**
 * Keeps the keys that type (printable text and Backspace; shortcuts are left alone) from the moment search
 * is asked for, so that they reach nothing else; Escape calls search off.
 */
function keepTypedQuery(onEscape: () => void): TypedQuery {
  let typed = '';
  const onKey = (event: KeyboardEvent) => {
    if (event.isComposing) return;
    if (event.key === 'Escape') {
      stop();
      onEscape();
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    } else if (event.key === 'Backspace') {
      typed = Array.from(typed).slice(0, -1).join('');
    } else if (Array.from(event.key).length === 1) {
      typed += event.key;
    } else {
      return;
    }
    event.preventDefault();
    event.stopPropagation();
  };
  const stop = () => window.removeEventListener('keydown', onKey, true);
  window.addEventListener('keydown', onKey, true);
  return {
    take: () => {
      stop();
      return typed;
    },
    stop,
  };
}

/**
 * Whether search is open, from `search.open` on the bus. The overlay's code loads the first time it opens,
 * and until its field shows the focus stays where it was: often in a writing, whose text the keys typed
 * right after the shortcut went into. Those keys are kept instead, and `takeTyped` gives them to the
 * field as its first query.
 */
export function useSearchOpening(bus: EventBus) {
  const [searching, setSearching] = useState(false);
  const typed = useRef<TypedQuery | null>(null);
  const close = useCallback(() => {
    typed.current?.stop();
    typed.current = null;
    setSearching(false);
  }, []);
  useBusEvent(bus, 'search.open', () => {
    // Already open: its field has the keys.
    if (typed.current === null) typed.current = keepTypedQuery(close);
    setSearching(true);
  });
  useEffect(() => () => typed.current?.stop(), []);
  const takeTyped = useCallback(() => typed.current?.take() ?? '', []);
  const onOpenChange = useCallback((open: boolean) => (open ? setSearching(true) : close()), [close]);
  return { searching, onOpenChange, takeTyped };
}
