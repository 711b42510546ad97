import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';

/** The port of the composed production page under test; remotes are served on the next four ports. */
export const WORKSPACE_PORT = 4300;
/** The scripted fake model provider and search service (tests/fixtures/fake-llm) the backend's chat talks to. */
export const FAKE_LLM_PORT = 4399;

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
    launchOptions: chromiumLaunchOptions,
  },
  webServer: [
    {
      command: 'node ../../scripts/serve-workspace.mjs',
      env: { PORT: String(WORKSPACE_PORT) },
      url: `http://localhost:${WORKSPACE_PORT}/remotes.json`,
      reuseExistingServer: false,
    },
    {
      command: 'pnpm exec tsx fixtures/fake-llm/main.ts',
      cwd: '..',
      env: { PORT: String(FAKE_LLM_PORT) },
      url: `http://127.0.0.1:${FAKE_LLM_PORT}/requests`,
      reuseExistingServer: false,
    },
    {
      // The local backend the build talks to by default, on a throwaway database (seeded on start). Its
      // chat answers with an OpenAI-compatible model and searches the web, both served by the fake.
      command: 'pnpm --filter local-backend start',
      env: {
        SUPABASE_LOCAL_DATA_DIR: 'memory://',
        SUPABASE_LOCAL_PORT: '54321',
        OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/v1`,
        OPENAI_COMPATIBLE_MODEL: 'fake-llm',
        SEARXNG_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/searx`,
      },
      url: 'http://127.0.0.1:54321/auth/v1/health',
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
