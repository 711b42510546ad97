import { filter, Observable, Subject } from 'rxjs';
import { type BusEvent, type BusEventOf, type BusEventType, busEventSchema } from './events.ts';

/** The typed event bus the shell creates once per page and hands to every parcel. */
export interface EventBus {
  /** Validates and publishes an event. Throws on an event outside the catalogue. */
  emit(event: BusEvent): void;
  /**
   * Events of one type. Events of a type nobody listens to yet are held for a while and handed to the
   * first listener: a shortcut pressed while the area that answers it is still loading is not lost.
   */
  on<T extends BusEventType>(type: T): Observable<BusEventOf<T>>;
  /** Every event, in order, as it is emitted. */
  readonly events$: Observable<BusEvent>;
  /**
   * Events held because nobody listens to their type yet (those held now, then each as it is held): the
   * shell mounts the area that answers them (an area loaded on first use), whose listener receives them.
   */
  readonly held$: Observable<BusEvent>;
}

/** How long an event waits for its first listener; later, it is no longer what the user asked for. */
export const UNHEARD_EVENT_TTL_MS = 10_000;
const MAX_UNHEARD_PER_TYPE = 10;

export function createEventBus({ now = () => Date.now() } = {}): EventBus {
  const subject = new Subject<BusEvent>();
  const held = new Subject<BusEvent>();
  const listeners = new Map<BusEventType, number>();
  const unheard = new Map<BusEventType, { event: BusEvent; at: number }[]>();

  return {
    emit(event) {
      const valid = busEventSchema.parse(event);
      if (!listeners.get(valid.type)) {
        const waiting = unheard.get(valid.type) ?? [];
        waiting.push({ event: valid, at: now() });
        unheard.set(valid.type, waiting.slice(-MAX_UNHEARD_PER_TYPE));
        held.next(valid);
      }
      subject.next(valid);
    },
    on<T extends BusEventType>(type: T) {
      const ofType = subject.pipe(filter((event): event is BusEventOf<T> => event.type === type));
      return new Observable<BusEventOf<T>>((subscriber) => {
        listeners.set(type, (listeners.get(type) ?? 0) + 1);
        const subscription = ofType.subscribe(subscriber);
        const waiting = unheard.get(type) ?? [];
        unheard.delete(type);
        for (const { event, at } of waiting) {
          if (now() - at <= UNHEARD_EVENT_TTL_MS) subscriber.next(event as BusEventOf<T>);
        }
        return () => {
          subscription.unsubscribe();
          listeners.set(type, (listeners.get(type) ?? 1) - 1);
        };
      });
    },
    events$: subject.asObservable(),
    held$: new Observable<BusEvent>((subscriber) => {
      for (const waiting of unheard.values()) {
        for (const { event, at } of waiting) if (now() - at <= UNHEARD_EVENT_TTL_MS) subscriber.next(event);
      }
      return held.subscribe(subscriber);
    }),
  };
}

/** True for a value that behaves like an {@link EventBus} (bus instances cross bundle boundaries). */
export function isEventBus(value: unknown): value is EventBus {
  const bus = value as Partial<EventBus> | null;
  return typeof bus?.emit === 'function' && typeof bus.on === 'function' && bus.events$ !== undefined;
}
