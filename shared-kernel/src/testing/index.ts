/** Fixtures for the remotes' tests. Not part of the runtime API. */

import { createEventBus } from '../bus/event-bus.ts';
import type { BusEvent } from '../bus/events.ts';
import { type AreaProps, CONTRACT_VERSION } from '../contracts/area-props.ts';
import { LOCAL_BACKEND } from '../contracts/local-backend.ts';

/** Valid parcel props on a fresh bus, with every event emitted on it recorded in `events`. */
export function createTestAreaProps(overrides: Partial<AreaProps> = {}): AreaProps & { events: BusEvent[] } {
  const bus = overrides.bus ?? createEventBus();
  const events: BusEvent[] = [];
  bus.events$.subscribe((event) => events.push(event));
  return {
    contractVersion: CONTRACT_VERSION,
    backend: LOCAL_BACKEND,
    user: { id: '00000000-0000-4000-8000-000000000001', email: 'writer@example.com' },
    ...overrides,
    bus,
    events,
  };
}
