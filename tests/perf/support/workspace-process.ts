import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../../../scripts/serve-workspace.mjs', import.meta.url));

/**
 * The production build served from a process of its own (`scripts/serve-workspace.mjs`), as the e2e tests
 * and a real deployment serve it: the bench's in-process backend runs its database synchronously, and
 * serving the page's files from the same event loop would queue them behind its queries.
 */
export async function serveWorkspaceProcess(port: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: ChildProcess = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://localhost:${port}`;
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`serve-workspace exited with ${code}`)));
    server.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Workspace:')) resolve();
    });
  });
  server.removeAllListeners('exit');
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill();
      }),
  };
}
