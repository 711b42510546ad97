import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const HARNESS_PORT = 4350;

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

test.describe('a remote on its own', () => {
  let devServer: ChildProcess | undefined;

  test.afterEach(() => {
    // The dev server runs in its own process group: end it and its children.
    if (devServer?.pid) process.kill(-devServer.pid, 'SIGTERM');
  });

  test('runs its standalone harness with `pnpm --filter <remote> dev`', async ({ page }) => {
    devServer = spawn('pnpm', ['--filter', 'mf-chat', 'dev'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(HARNESS_PORT) },
      detached: true,
      stdio: 'ignore',
    });
    const url = `http://localhost:${HARNESS_PORT}/`;
    await waitForServer(url, 30_000);

    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'mf-chat — standalone harness' })).toBeVisible();
    const chat = page.getByRole('region', { name: 'Chat' }).last();
    await expect(chat).toContainText('Ready to chat!', { timeout: 20_000 });
    // The harness logs the bus: the parcel announced its mount on it.
    await expect(page.getByRole('complementary', { name: 'Bus events' })).toContainText('area.mounted');
  });
});
