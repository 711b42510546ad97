import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

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

/**
 * Opens the store of a data folder (`<dataDir>/storage`, emptied with the folder by `--reset`), or a
 * throwaway temporary folder for `memory://`.
 */
export async function openObjectStore({ dataDir }: { dataDir: string }): Promise<ObjectStore> {
  const throwaway = dataDir.startsWith('memory://');
  const root = throwaway ? await mkdtemp(join(tmpdir(), 'local-backend-storage-')) : join(dataDir, 'storage');
  const incoming = join(root, '.incoming');
  await mkdir(incoming, { recursive: true });
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
