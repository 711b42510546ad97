import { unsyncedChanges } from 'shared-kernel';

/** The outcome of clearing: done, or refused with how many changes wait to sync. */
export type ClearOutcome = { cleared: true } | { cleared: false; unsynced: number };

/** The auth client's session entries (`sb-<project>-auth-token`): kept, so clearing does not sign out. */
const isSessionKey = (key: string) => /^sb-.*-auth-token/.test(key);

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // Blocked: a connection of this page is still open; the database goes when the page reloads.
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

/**
 * Clears what this browser keeps of the workspace: the local databases (offline writings, outbox,
 * caches) and the stored preferences and drafts, but not the session. Refuses while changes wait to
 * sync: they exist nowhere else yet.
 */
export async function clearLocalData({
  unsynced = unsyncedChanges,
}: {
  unsynced?: () => number;
} = {}): Promise<ClearOutcome> {
  const waiting = unsynced();
  if (waiting > 0) return { cleared: false, unsynced: waiting };
  const databases = (await globalThis.indexedDB?.databases?.().catch(() => [])) ?? [];
  await Promise.all(databases.flatMap((database) => (database.name ? [deleteDatabase(database.name)] : [])));
  for (const key of Object.keys(globalThis.localStorage ?? {})) {
    if (!isSessionKey(key)) localStorage.removeItem(key);
  }
  return { cleared: true };
}
