import { rememberEarlyRequests } from '../network/early-requests.ts';
import { whenIdle } from '../primitives/when-idle.ts';
import type { EventBus } from './event-bus.ts';
import { markLoadStep } from './load-steps.ts';

/**
 * How long code that waits for the first screen waits at most: an editor that never gets ready (a remote
 * that failed) must not keep the rest of the page from loading.
 */
export const FIRST_SCREEN_WAIT_MS = 5000;

const readyBuses = new WeakSet<EventBus>();

let firstScreenShown = () => {};
const pageFirstScreen = new Promise<void>((resolve) => {
  firstScreenShown = resolve;
});

/**
 * Resolves once the page has marked its first screen, or after {@link FIRST_SCREEN_WAIT_MS}: for what no
 * area's first screen needs and no bus reaches (the backend client's realtime, supabase/client.ts).
 */
export function pageFirstScreenShown(): Promise<void> {
  return Promise.race([
    pageFirstScreen,
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ]);
}

/**
 * The editor tells the page its first screen is usable (the writing that opens can be typed in). The reads
 * made until now are the ones the next load makes early (network/early-requests.ts).
 */
export function markFirstScreen(bus: EventBus): void {
  if (readyBuses.has(bus)) return;
  readyBuses.add(bus);
  markLoadStep('first-screen');
  rememberEarlyRequests();
  firstScreenShown();
  bus.emit({ type: 'workspace.ready' });
}

/**
 * Runs `load` once the first screen is usable and the page is idle (or after {@link FIRST_SCREEN_WAIT_MS}),
 * so code the first screen does not need (the chat's AI SDK, the ideas list) never competes with the
 * editor's own loading. Answers a function that cancels it.
 */
export function afterFirstScreen(bus: EventBus, load: () => void): () => void {
  let cancelIdle = () => {};
  let waiting = true;
  const start = () => {
    if (!waiting) return;
    waiting = false;
    cancelIdle = whenIdle(load, { timeoutMs: 2000 });
  };
  const timeout = setTimeout(start, FIRST_SCREEN_WAIT_MS);
  // A ready event emitted before anyone listened is handed to the first listener only: the set answers the rest.
  const subscription = bus.on('workspace.ready').subscribe(start);
  if (readyBuses.has(bus)) start();
  return () => {
    waiting = false;
    subscription.unsubscribe();
    clearTimeout(timeout);
    cancelIdle();
  };
}
