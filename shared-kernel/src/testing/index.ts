/** Fixtures for the remotes' tests. Not part of the runtime API. */

import WebSocket from 'ws';
import { createEventBus } from '../bus/event-bus.ts';
import type { BusEvent } from '../bus/events.ts';
import { type AreaProps, CONTRACT_VERSION } from '../contracts/area-props.ts';
import { LOCAL_BACKEND } from '../contracts/local-backend.ts';
import { WorkspaceClient } from '../supabase/client.ts';

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

/**
 * The kernel's own client of a test backend, as a page has it but with its session in memory only (one
 * per client: no sharing, no timers), and `ws` for realtime (Node 20 has no global WebSocket). `fetch` may
 * stand between it and the network (to cut it, or lose answers); `realtimeAfter` may hold realtime back,
 * as a page does until its first screen.
 */
export function testClientOf(
  backend: { url: string; anonKey: string },
  { fetch, realtimeAfter }: { fetch?: typeof globalThis.fetch; realtimeAfter?: () => Promise<void> } = {},
): WorkspaceClient {
  return new WorkspaceClient(backend, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetch ? { global: { fetch } } : {}),
    ...(realtimeAfter ? { realtimeAfter } : {}),
    realtime: { transport: WebSocket as never },
  });
}
