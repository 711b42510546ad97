import { useEffect, useRef } from 'react';
import type { EventBus } from './event-bus.ts';
import type { BusEvent } from './events.ts';

/** An area the shell shows as a whole: the writings, or a side panel. */
export type ShownArea = 'writings' | 'ideas' | 'chat';

/**
 * The area an event is addressed to, which must be on screen for the writer to see it answered: a writing
 * opened (a search result, a citation), an idea shown, something added to the chat's context ("Ask AI"),
 * or a panel asked for by name. `undefined` for the rest.
 */
export function areaToShow(event: BusEvent): ShownArea | undefined {
  switch (event.type) {
    case 'writings.open':
      return 'writings';
    case 'ideas.open':
      return 'ideas';
    case 'chat.context-add':
      return 'chat';
    case 'panels.show':
      return event.panel;
    default:
      return undefined;
  }
}

/**
 * Calls `show` with the area each bus event is addressed to ({@link areaToShow}), so the shell brings it on
 * screen: it opens a closed side panel on the desktop and switches the tab on a phone. It watches every
 * event without listening to any type, so an event whose area is still loading stays held for it
 * (bus/event-bus.ts).
 */
export function useAreaToShow(bus: EventBus, show: (area: ShownArea) => void): void {
  const latest = useRef(show);
  latest.current = show;
  useEffect(() => {
    const subscription = bus.events$.subscribe((event) => {
      const area = areaToShow(event);
      if (area) latest.current(area);
    });
    return () => subscription.unsubscribe();
  }, [bus]);
}
