let count = 0;

/**
 * Reports how many changes this device keeps that the server does not have yet (the writings outbox
 * calls it). The kernel is one shared module, so the shell reads what a remote reported.
 */
export function reportUnsyncedChanges(changes: number): void {
  count = changes;
}

/** Changes kept on this device that the server does not have yet (read before signing out). */
export function unsyncedChanges(): number {
  return count;
}
