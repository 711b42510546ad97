import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LOCAL_BACKEND } from 'shared-kernel/build';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * Starts a server in a process of its own and resolves once `readyUrl` answers. The benches run their
 * servers as the e2e tests and a deployment do: in the bench's own process, a server's work would queue
 * behind the browser driver's (and the driver's behind the server's), and the page would be measured
 * waiting on the bench.
 */
async function startServerProcess({
  name,
  command,
  args,
  env,
  url,
  readyUrl,
  cwd = REPOSITORY,
}: {
  name: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  url: string;
  readyUrl: string;
  /** The checkout the command runs in (this one unless given). */
  cwd?: string;
}): Promise<ServerProcess> {
  if (await answers(readyUrl)) throw new Error(`${name}: ${url} is already served; stop that server first`);
  // Its own process group, so closing it stops what the command starts (pnpm starts tsx, tsx node).
  const server: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<never>((_, reject) =>
    server.once('exit', (code) => reject(new Error(`${name} exited with ${code}`))),
  );
  exited.catch(() => undefined);
  const deadline = Date.now() + 120_000;
  while (!(await answers(readyUrl))) {
    if (Date.now() > deadline) throw new Error(`${name}: ${readyUrl} did not answer within 120 s`);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  server.removeAllListeners('exit');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null || server.pid === undefined) return resolve();
        server.once('exit', () => resolve());
        process.kill(-server.pid, 'SIGTERM');
      }),
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * The production build (`scripts/serve-workspace.mjs`): the shell on `port`, the remotes on the next four.
 * `checkout` serves another checkout's build, with that checkout's own copy of the server, instead of this
 * one's (a bench comparing two builds).
 */
export function serveWorkspaceProcess(port: number, checkout?: string): Promise<ServerProcess> {
  const url = `http://localhost:${port}`;
  return startServerProcess({
    name: 'serve-workspace',
    command: process.execPath,
    args: ['scripts/serve-workspace.mjs'],
    env: { PORT: String(port) },
    url,
    readyUrl: `${url}/remotes.json`,
    cwd: checkout,
  });
}

/**
 * The local backend on an empty in-memory database, at the URL the build talks to (LOCAL_BACKEND), as
 * `npm start` and the e2e tests run it: the page reaches it directly, with no request rerouted by the
 * browser driver (a rerouted request waits for the driver, and rerouting turns the browser's HTTP cache off).
 */
export function startBackendProcess(): Promise<ServerProcess> {
  const { port } = new URL(LOCAL_BACKEND.url);
  return startServerProcess({
    name: 'local backend',
    command: 'pnpm',
    args: ['--filter', 'local-backend', 'start'],
    env: { SUPABASE_LOCAL_DATA_DIR: 'memory://', SUPABASE_LOCAL_PORT: port },
    url: LOCAL_BACKEND.url,
    readyUrl: `${LOCAL_BACKEND.url}/auth/v1/health`,
  });
}
