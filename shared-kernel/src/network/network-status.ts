import { useSyncExternalStore } from 'react';
import { BehaviorSubject, distinctUntilChanged, type Observable, Subject } from 'rxjs';

const subject = new BehaviorSubject<boolean>(globalThis.navigator?.onLine ?? true);
globalThis.addEventListener?.('online', () => subject.next(true));
globalThis.addEventListener?.('offline', () => subject.next(false));

/**
 * Whether the browser is online, and each change. The shell shows the Offline badge from it; the
 * writings outbox syncs when it turns true.
 */
export const online$: Observable<boolean> = subject.pipe(distinctUntilChanged());

export function isOnline(): boolean {
  return subject.getValue();
}

function subscribe(onChange: () => void): () => void {
  const subscription = online$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** Whether the browser is online, in a component. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

const reached = new Subject<void>();

/**
 * Each answer the server gave to a request of the kernel's Supabase client (supabase/client.ts). The
 * browser's online event says nothing of a server that was down while the device stayed online: an
 * answer does, so the areas' outboxes waiting to retry after a network failure try again at once
 * instead of after their backoff (up to a minute).
 */
export const serverReached$: Observable<void> = reached.asObservable();

/** The server answered a request (supabase/client.ts). */
export function noteServerReached(): void {
  reached.next();
}
