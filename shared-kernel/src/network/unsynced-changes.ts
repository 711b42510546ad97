const counts = new Map<string, number>();

/**
 * Reports how many changes this device keeps for `area` that the server does not have yet (the writings
 * and the ideas outboxes call it). The kernel is one shared module, so the shell reads what the remotes
 * reported.
 */
export function reportUnsyncedChanges(area: 'writings' | 'ideas', changes: number): void {
  counts.set(area, changes);
}

/** Changes kept on this device that the server does not have yet, of every area (read before signing out). */
export function unsyncedChanges(): number {
  let total = 0;
  for (const changes of counts.values()) total += changes;
  return total;
}
