import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isProcessAlive, isSameProcess, ownProcess, processStartedAt } from './process-identity.ts';

/** Another live process holds the data folder: PGlite has no lock of its own (docs/backend.md, PGlite fact 1). */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Start-time resolution, as in process-identity.ts. */
const clockToleranceMs = 1500;

/** The lock's holder as its file names it: `<pid> <start time in ms>`, or a bare pid (older locks). */
async function readHolder(lockFile: string) {
  const [text, info] = await Promise.all([
    readFile(lockFile, 'utf8').catch(() => ''),
    stat(lockFile).catch(() => undefined),
  ]);
  const [pid = '', startedAt] = text.trim().split(/\s+/);
  return {
    pid: Number(pid),
    startedAt: startedAt === undefined ? undefined : Number(startedAt),
    writtenAt: info?.mtimeMs,
  };
}

/**
 * Whether the lock's process still runs. A pid alone is not enough: after a crash the system may give
 * it to an unrelated process, so the holder must also have started when the lock says (or, for a lock
 * that does not say, before the lock was written).
 */
function isHeld({ pid, startedAt, writtenAt }: Awaited<ReturnType<typeof readHolder>>): boolean {
  if (startedAt !== undefined) return isSameProcess(pid, startedAt);
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return false;
  const actual = processStartedAt(pid);
  return actual === undefined || writtenAt === undefined || actual <= writtenAt + clockToleranceMs;
}

/**
 * Takes `<dataDir>/.lock` (holding this process's pid and start time), creating the folder if needed,
 * private to its user (0700): it holds every account's data. A lock whose process is gone is stale and
 * taken over; a live one throws `DataDirLockedError`. Returns the release.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const lockFile = join(dataDir, '.lock');
  const release = async () => {
    const holder = await readHolder(lockFile);
    if (holder.pid === ownProcess.pid) await rm(lockFile, { force: true });
  };
  const create = async () => {
    try {
      await writeFile(lockFile, `${ownProcess.pid} ${ownProcess.startedAt ?? ''}`.trim(), {
        flag: 'wx',
        mode: 0o600,
      });
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
    const holder = await readHolder(lockFile);
    if (isHeld(holder)) throw lockedError(holder.pid);
    await rm(lockFile, { force: true });
    // Losing the takeover of a stale lock to a third process counts as locked too.
    if (!(await create())) throw lockedError(0);
  }
  return release;
}

/**
 * Makes everything in a data folder private to its user: files 0600, folders 0700. PGlite creates its
 * files world-writable (0666, whatever the umask). The folder's own 0700 already keeps others out; this
 * keeps the files private too should the folder be copied or its mode widened.
 */
export async function restrictDataDir(dataDir: string): Promise<void> {
  await chmod(dataDir, 0o700);
  for (const entry of await readdir(dataDir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, 0o700);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}

/** Empties a locked data folder for `--reset`, keeping the lock itself. */
export async function wipeDataDir(dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir)) {
    if (entry !== '.lock') await rm(join(dataDir, entry), { recursive: true, force: true });
  }
}
