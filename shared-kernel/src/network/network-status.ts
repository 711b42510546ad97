import { useSyncExternalStore } from 'react';
import { BehaviorSubject, distinctUntilChanged, type Observable } from 'rxjs';

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
