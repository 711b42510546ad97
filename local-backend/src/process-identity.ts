import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * When a process started (ms since the epoch), or undefined when that cannot be told (no such process,
 * or a system with neither /proc nor `ps`). A pid alone does not name a process: once it ends, the system
 * gives its pid to the next one, so files that name a process (the data folder's lock, throwaway
 * folders) record its start time too.
 */
export function processStartedAt(pid: number): number | undefined {
  try {
    // Linux: field 22 of /proc/<pid>/stat is the start in clock ticks after boot (100 per second on every
    // Linux Node runs on); the command name before it may hold spaces, so fields count from its `)`.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    const bootSeconds = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    if (Number.isFinite(ticks) && Number.isFinite(bootSeconds)) return bootSeconds * 1000 + ticks * 10;
  } catch {
    // Not Linux, or no such process: ps answers both.
  }
  try {
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const time = Date.parse(started);
    return Number.isNaN(time) ? undefined : time;
  } catch {
    return undefined;
  }
}

/** Whether a process is running, whoever owns it. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Start times measured twice differ by the clock's resolution (ps: one second). */
const sameStartToleranceMs = 1500;

/**
 * Whether `pid` is still the process that started at `startedAt`. Without a start time to compare
 * (a system that cannot tell), a live pid counts as the same process.
 */
export function isSameProcess(pid: number, startedAt: number | undefined): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !isProcessAlive(pid)) return false;
  const actual = processStartedAt(pid);
  if (actual === undefined || startedAt === undefined) return true;
  return Math.abs(actual - startedAt) <= sameStartToleranceMs;
}

/** This process's pid and start time, as {@link isSameProcess} checks them. */
export const ownProcess = { pid: process.pid, startedAt: processStartedAt(process.pid) };
