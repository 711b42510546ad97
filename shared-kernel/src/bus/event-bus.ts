import { filter, type Observable, Subject } from 'rxjs';
import { type BusEvent, type BusEventOf, type BusEventType, busEventSchema } from './events.ts';

/** The typed event bus the shell creates once per page and hands to every parcel. */
export interface EventBus {
  /** Validates and publishes an event. Throws on an event outside the catalogue. */
  emit(event: BusEvent): void;
  /** Events of one type. */
  on<T extends BusEventType>(type: T): Observable<BusEventOf<T>>;
  /** Every event, in order. */
  readonly events$: Observable<BusEvent>;
}

export function createEventBus(): EventBus {
  const subject = new Subject<BusEvent>();
  return {
    emit(event) {
      subject.next(busEventSchema.parse(event));
    },
    on<T extends BusEventType>(type: T) {
      return subject.pipe(filter((event): event is BusEventOf<T> => event.type === type));
    },
    events$: subject.asObservable(),
  };
}

/** True for a value that behaves like an {@link EventBus} (bus instances cross bundle boundaries). */
export function isEventBus(value: unknown): value is EventBus {
  const bus = value as Partial<EventBus> | null;
  return typeof bus?.emit === 'function' && typeof bus.on === 'function' && bus.events$ !== undefined;
}
