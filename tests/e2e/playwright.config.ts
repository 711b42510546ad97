import { defineConfig } from '@playwright/test';

/** The port of the composed production page under test; remotes are served on the next four ports. */
export const WORKSPACE_PORT = 4300;

export default defineConfig({
  testDir: '.',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two cores: one browser at a time keeps timings honest.
  workers: 1,
  reporter: [['list']],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: `http://localhost:${WORKSPACE_PORT}`,
    launchOptions: {
      // Debian's chromium (installed by scripts/bootstrap.sh); Playwright never downloads a browser here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: 'node ../../scripts/serve-workspace.mjs',
      env: { PORT: String(WORKSPACE_PORT) },
      url: `http://localhost:${WORKSPACE_PORT}/remotes.json`,
      reuseExistingServer: false,
    },
    {
      // The local backend the build talks to by default, on a throwaway database (seeded on start).
      command: 'pnpm --filter local-backend start',
      env: { SUPABASE_LOCAL_DATA_DIR: 'memory://', SUPABASE_LOCAL_PORT: '54321' },
      url: 'http://127.0.0.1:54321/auth/v1/health',
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
