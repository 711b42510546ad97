import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend } from '../src/backend.ts';
import { throwawayStoresDir } from '../src/storage/object-store.ts';

const folders: string[] = [];
const children: ChildProcess[] = [];
/** A data folder path that does not exist yet, so the backend creates it. */
const newDataDir = async () => {
  const parent = await mkdtemp(join(tmpdir(), 'local-backend-data-folder-test-'));
  folders.push(parent);
  return join(parent, 'data');
};
/** A live process that is not a backend: what a reused pid looks like. */
const unrelatedProcess = async () => {
  const child = spawn('sleep', ['60']);
  children.push(child);
  await once(child, 'spawn');
  return child.pid ?? 0;
};

afterAll(async () => {
  for (const child of children) child.kill();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe('the data folder', () => {
  it('is created private: no file or folder in it is open to other users', async () => {
    const dataDir = await newDataDir();
    const backend = await startBackend({ dataDir, port: 0 });
    try {
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      const entries = await readdir(dataDir, { withFileTypes: true, recursive: true });
      expect(entries.length).toBeGreaterThan(100);
      const open = [];
      for (const entry of entries) {
        const path = join(entry.parentPath, entry.name);
        if ((await stat(path)).mode & 0o077) open.push(path);
      }
      expect(open).toEqual([]);
    } finally {
      await backend.stop();
    }
  });

  it('starts despite a stale lock whose pid now belongs to another process', async () => {
    const pid = await unrelatedProcess();
    const anHourAgo = Date.now() - 3600_000;
    for (const lock of [`${pid}`, `${pid} ${anHourAgo}`]) {
      const dataDir = await newDataDir();
      await mkdir(dataDir, { recursive: true });
      await writeFile(join(dataDir, '.lock'), lock);
      // Written by a backend that crashed an hour ago; the pid was handed to `sleep` since.
      await utimes(join(dataDir, '.lock'), anHourAgo / 1000, anHourAgo / 1000);
      const backend = await startBackend({ dataDir, port: 0 });
      await backend.stop();
    }
  }, 60_000);

  it('removes on start the uploads a crash left half-received, and throwaway stores of gone processes', async () => {
    const dataDir = await newDataDir();
    const incoming = join(dataDir, 'storage', '.incoming');
    await mkdir(incoming, { recursive: true });
    await writeFile(join(incoming, 'half-received'), 'bytes of an upload cut short');
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid ?? 0));
    });
    const goneStore = join(throwawayStoresDir(), `${deadPid}-1-left-by-a-crash`);
    await mkdir(goneStore, { recursive: true });
    await writeFile(join(goneStore, 'object'), 'bytes');

    const backend = await startBackend({ dataDir, port: 0 });
    try {
      expect(await readdir(incoming)).toEqual([]);
      expect(existsSync(goneStore)).toBe(false);
    } finally {
      await backend.stop();
    }
  });
});
