import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOfflineDatabase, openOfflineDatabaseEarly } from './local-database.ts';

/** Every database opening asked of the browser from now on. */
function watchOpenings(): IDBOpenDBRequest[] {
  const requests: IDBOpenDBRequest[] = [];
  const open = indexedDB.open.bind(indexedDB);
  vi.spyOn(indexedDB, 'open').mockImplementation((name, version) => {
    const request = open(name, version);
    requests.push(request);
    return request;
  });
  return requests;
}

const opened = (request: IDBOpenDBRequest | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (!request) return reject(new Error('nothing was opened'));
    if (request.readyState === 'done') return resolve();
    request.addEventListener('success', () => resolve());
    request.addEventListener('error', () => reject(request.error));
  });

/** Resolves once `name` is deleted; rejects if an open connection blocks the deletion. */
function deleted(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error(`deleting ${name} is blocked`));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('openOfflineDatabaseEarly', () => {
  it("hands the opening begun early to the area's own open, once", async () => {
    const openings = watchOpenings();
    openOfflineDatabaseEarly('early-taken', 'items');
    openOfflineDatabaseEarly('early-taken', 'items'); // asked twice, opened once

    const taken = await openOfflineDatabase('early-taken', 'items');
    expect(openings).toHaveLength(1);
    expect([...taken.objectStoreNames].sort()).toEqual(['idMap', 'items', 'meta', 'outbox']);

    const next = await openOfflineDatabase('early-taken', 'items');
    expect(openings).toHaveLength(2);
    taken.close();
    next.close();
  });

  it('gives way to a deletion while no area has taken it (local data cleared)', async () => {
    const openings = watchOpenings();
    openOfflineDatabaseEarly('early-untaken', 'items');
    await opened(openings[0]);

    await expect(deleted('early-untaken')).resolves.toBeUndefined();
    // The area then opens the database afresh.
    const reopened = await openOfflineDatabase('early-untaken', 'items');
    expect(openings).toHaveLength(2);
    expect(reopened.objectStoreNames.contains('outbox')).toBe(true);
    reopened.close();
  });
});
