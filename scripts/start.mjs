// `npm start`: the whole product on one machine. Starts the local backend (embedded Postgres, auth,
// REST, mail catcher) and serves the production build of the composed workspace (run after `pnpm build`).
//   PORT                  the shell's port (default 3000); remotes use the next four ports
//   SUPABASE_LOCAL_PORT   the backend's port (default 54321); see local-backend/src/main.ts for the rest
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWorkspace } from './serve-workspace.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const backendPort = Number(process.env.SUPABASE_LOCAL_PORT ?? 54321);
const backendUrl = `http://127.0.0.1:${backendPort}`;

const backend = spawn('pnpm', ['--silent', 'backend'], { cwd: root, stdio: 'inherit' });
let stopping = false;
backend.once('exit', (code) => {
  if (stopping) return;
  console.error(`The local backend stopped (exit code ${code}).`);
  process.exit(code || 1);
});

async function waitForBackend(timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${backendUrl}/auth/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`The local backend did not answer on ${backendUrl} within ${timeoutMs / 1000} s`);
}

try {
  await waitForBackend(120_000);
  const workspace = await serveWorkspace({ port: Number(process.env.PORT ?? 3000) });
  console.log(
    `\nWorkspace ready: ${workspace.url}\n  (backend ${backendUrl}, mail inbox ${backendUrl}/mail)`,
  );
  const stop = () => {
    stopping = true;
    backend.kill('SIGTERM');
    workspace.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopping = true;
  backend.kill('SIGTERM');
  process.exit(1);
}
