import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { isSameProcess, ownProcess } from '../process-identity.ts';

/**
 * Object bytes on disk: one file per object, named by the `storage.objects` row id. Names never reach
 * the file system, so no object name can escape the folder, and `a` and `a/b` never collide.
 */
export interface ObjectStore {
  /** Writes an upload beside the objects; it becomes visible only through `commit`. */
  writeIncoming(bytes: Uint8Array): Promise<string>;
  /** Moves an incoming file over the object's file (atomic on one file system). */
  commit(incomingPath: string, objectId: string): Promise<void>;
  /** Removes an incoming file that was not committed; a no-op once committed. */
  discard(incomingPath: string): Promise<void>;
  remove(objectId: string): Promise<void>;
  /** The object's bytes, `start`..`end` inclusive when given. */
  read(objectId: string, range?: { start: number; end: number }): ReadableStream<Uint8Array>;
  /** Releases the store: a throwaway folder (for `memory://`) is deleted. */
  close(): Promise<void>;
}

/** Where the throwaway stores of `memory://` backends live, one folder each: `<pid>-<start>-<uuid>`. */
export const throwawayStoresDir = () => join(tmpdir(), 'local-backend-storage');

/**
 * Removes what a backend that stopped without closing (a crash, `kill -9`) left: the uploads it was
 * receiving, and the throwaway stores of `memory://` backends whose process is gone.
 */
async function removeLeftovers(incoming: string) {
  await rm(incoming, { recursive: true, force: true });
  for (const name of await readdir(throwawayStoresDir()).catch(() => [])) {
    const [pid, startedAt] = name.split('-');
    if (!isSameProcess(Number(pid), startedAt ? Number(startedAt) : undefined)) {
      await rm(join(throwawayStoresDir(), name), { recursive: true, force: true });
    }
  }
}

/**
 * Opens the store of a data folder (`<dataDir>/storage`, emptied with the folder by `--reset`), or a
 * throwaway folder for `memory://`. Uploads are written to the store's `.incoming` folder first; the
 * folder is emptied at every open, since only a stopped backend leaves anything there.
 */
export async function openObjectStore({ dataDir }: { dataDir: string }): Promise<ObjectStore> {
  const throwaway = dataDir.startsWith('memory://');
  const root = throwaway
    ? join(throwawayStoresDir(), `${ownProcess.pid}-${ownProcess.startedAt ?? 0}-${randomUUID()}`)
    : join(dataDir, 'storage');
  const incoming = join(root, '.incoming');
  await removeLeftovers(incoming);
  await mkdir(incoming, { recursive: true, mode: 0o700 });
  const pathOf = (objectId: string) => join(root, objectId);
  return {
    async writeIncoming(bytes) {
      const path = join(incoming, randomUUID());
      await writeFile(path, bytes);
      return path;
    },
    commit: (incomingPath, objectId) => rename(incomingPath, pathOf(objectId)),
    discard: (incomingPath) => rm(incomingPath, { force: true }),
    remove: (objectId) => rm(pathOf(objectId), { force: true }),
    read: (objectId, range) =>
      Readable.toWeb(createReadStream(pathOf(objectId), range)) as ReadableStream<Uint8Array>,
    close: async () => {
      if (throwaway) await rm(root, { recursive: true, force: true });
    },
  };
}
