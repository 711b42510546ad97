import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

/** A backend in a child process: its URL and anon key, and how to stop it. */
export interface SpawnedTestBackend {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
}

/**
 * This package's folder. Found from the working directory (the repository root, or a package of it with
 * Vitest's --root), not from `import.meta.url`: in happy-dom Vitest makes that an http URL.
 */
function backendDirectory(): string {
  const folder = [`${process.cwd()}/local-backend`, `${process.cwd()}/../local-backend`].find(existsSync);
  if (!folder) throw new Error(`local-backend not found from ${process.cwd()}`);
  return folder;
}

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Starts the local backend in a child process on a free port with a throwaway in-memory database, as
 * `pnpm backend` would. For component tests in happy-dom, whose module loading the backend's own
 * modules (PGlite's WebAssembly and data files) do not run under; Node tests use `startTestBackend`.
 */
export async function spawnTestBackend(): Promise<SpawnedTestBackend> {
  const port = await freePort();
  // tsx is the backend's own dependency, resolved from its folder.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDirectory(),
    env: {
      ...process.env,
      SUPABASE_LOCAL_PORT: String(port),
      SUPABASE_LOCAL_DATA_DIR: 'memory://',
      // Limits are tested on their own; component tests create what they need.
      SUPABASE_LOCAL_TIER_LIMITS: 'off',
    },
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const anonKey = /anon key\s+(\S+)/.exec(output)?.[1];
      if (output.includes('Press Ctrl-C') && anonKey) resolve(anonKey);
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => reject(new Error(`the test backend exited (${code}): ${output}`)));
  });
  const anonKey = await ready;
  return {
    url: `http://127.0.0.1:${port}`,
    anonKey,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
