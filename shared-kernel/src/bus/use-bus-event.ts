import { useEffect, useRef } from 'react';
import type { EventBus } from './event-bus.ts';
import type { BusEventOf, BusEventType } from './events.ts';

/** Calls `handler` for every bus event of `type` while the component is mounted. */
export function useBusEvent<T extends BusEventType>(
  bus: EventBus,
  type: T,
  handler: (event: BusEventOf<T>) => void,
): void {
  // The latest handler, so callers need not memoise it and the subscription is made once.
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const subscription = bus.on(type).subscribe((event) => latest.current(event));
    return () => subscription.unsubscribe();
  }, [bus, type]);
}
