import { defineConfig } from 'vitest/config';

/**
 * Two layers, each a pair of projects (browser code in happy-dom, the rest in Node):
 * - `pnpm test:unit` (`unit-*`): no database, seconds. Every `*.test.ts(x)` beside the code.
 * - `pnpm test:integration` (`integration-*`): against the real local backend (embedded Postgres, real
 *   RLS, real supabase-js). A test that starts the backend or a database is named `*.integration.test.ts(x)`,
 *   or lives in a package's `tests/` folder (local-backend's, the schema's).
 */
const browserCode = ['shell/src', 'mf-*/src', 'shared-kernel/src'];
const nodeCode = ['functions/src', 'local-backend/src', 'scripts'];
const integrationFolders = ['local-backend/tests/**/*.test.ts', 'shared-kernel/supabase/tests/**/*.test.ts'];
const integration = '**/*.integration.test.{ts,tsx}';
const browserEnvironment = {
  environment: 'happy-dom',
  setupFiles: ['./shared-kernel/src/testing/vitest-setup.ts'],
} as const;
// Each integration file starts its own PGlite (seconds) and bcrypt hashes passwords at cost 10.
const backendTimeouts = { testTimeout: 60_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit-browser',
          ...browserEnvironment,
          include: browserCode.map((folder) => `${folder}/**/*.test.{ts,tsx}`),
          exclude: [integration, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'unit-node',
          environment: 'node',
          include: nodeCode.map((folder) => `${folder}/**/*.test.ts`),
          exclude: [integration, '**/node_modules/**'],
        },
      },
      {
        test: {
          name: 'integration-browser',
          ...browserEnvironment,
          ...backendTimeouts,
          include: browserCode.map((folder) => `${folder}/${integration}`),
        },
      },
      {
        test: {
          name: 'integration-node',
          environment: 'node',
          ...backendTimeouts,
          include: [...nodeCode.map((folder) => `${folder}/${integration}`), ...integrationFolders],
        },
      },
    ],
  },
});
