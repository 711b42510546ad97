import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Another live process holds the data folder: PGlite has no lock of its own (note §6a). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const isProcessAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes `<dataDir>/.lock` (holding this process's pid), creating the folder if needed. A lock whose
 * process is gone is stale and taken over; a live one throws `DataDirLockedError`. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockFile = join(dataDir, '.lock');
  const ownPid = String(process.pid);
  const release = async () => {
    const holder = await readFile(lockFile, 'utf8').catch(() => '');
    if (holder.trim() === ownPid) await rm(lockFile, { force: true });
  };
  const create = async () => {
    try {
      await writeFile(lockFile, ownPid, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  const lockedError = (holder: number) =>
    new DataDirLockedError(
      `The data folder ${dataDir} is in use by another local backend (pid ${holder || 'unknown'}). ` +
        `Stop that process, or point SUPABASE_LOCAL_DATA_DIR at another folder. Lock file: ${lockFile}`,
    );
  if (!(await create())) {
    const holder = Number((await readFile(lockFile, 'utf8').catch(() => '')).trim());
    if (Number.isInteger(holder) && holder > 0 && isProcessAlive(holder)) throw lockedError(holder);
    await rm(lockFile, { force: true });
    // Losing the takeover of a stale lock to a third process counts as locked too.
    if (!(await create())) throw lockedError(0);
  }
  return release;
}

/** Empties a locked data folder for `--reset`, keeping the lock itself. */
export async function wipeDataDir(dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir)) {
    if (entry !== '.lock') await rm(join(dataDir, entry), { recursive: true, force: true });
  }
}
