/**
 * The real local backend for component tests, in a child process. Component tests run in happy-dom,
 * where Vitest rewrites `import.meta.url` to http URLs, which the backend's own modules cannot load
 * under; a separate Node process runs it unchanged. Node modules are imported by a name held in a
 * variable so this package's typecheck (DOM types, no @types/node) does not need their types.
 */
type ChildProcess = {
  stdout: { on(event: 'data', listener: (chunk: unknown) => void): void };
  stderr: { on(event: 'data', listener: (chunk: unknown) => void): void };
  on(event: 'exit', listener: (code: number | null) => void): void;
  kill(signal?: string): boolean;
};
type Spawn = (command: string, args: string[], options: { cwd: string; env: object }) => ChildProcess;

/** A running test backend: its URL and anon key, and how to stop it. */
export type TestBackend = { url: string; anonKey: string; stop(): Promise<void> };

const nodeModule = (name: string) => import(/* @vite-ignore */ name);

/** Starts `local-backend` on a free port with a throwaway in-memory database. */
export async function startTestBackend(): Promise<TestBackend> {
  const { spawn } = (await nodeModule('node:child_process')) as { spawn: Spawn };
  const processModule = (await nodeModule('node:process')) as { default: { env: object; cwd(): string } };
  const { createServer } = (await nodeModule('node:net')) as {
    createServer(): {
      listen(port: number, host: string, callback: () => void): void;
      address(): { port: number };
      close(callback: () => void): void;
    };
  };
  const port = await new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
  const { existsSync } = (await nodeModule('node:fs')) as { existsSync(path: string): boolean };
  // Vitest runs from the repository root, or from a package with --root.
  const cwd = processModule.default.cwd();
  const backendDirectory = [`${cwd}/local-backend`, `${cwd}/../local-backend`].find(existsSync);
  if (!backendDirectory) throw new Error(`local-backend not found from ${cwd}`);
  // tsx is the backend's own dependency, resolved from its folder.
  const child = spawn('node', ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDirectory,
    env: {
      ...processModule.default.env,
      SUPABASE_LOCAL_PORT: String(port),
      SUPABASE_LOCAL_DATA_DIR: 'memory://',
    },
  });
  let output = '';
  const ready = new Promise<{ url: string; anonKey: string }>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const anonKey = /anon key\s+(\S+)/.exec(output)?.[1];
      if (output.includes('Press Ctrl-C') && anonKey) resolve({ url: `http://127.0.0.1:${port}`, anonKey });
    });
    child.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => reject(new Error(`the test backend exited (${code}): ${output}`)));
  });
  const { url, anonKey } = await ready;
  return {
    url,
    anonKey,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
