import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:unit`: every package's tests in one run. Frontend code runs in happy-dom; the backend, the
 * functions and the SQL tests in Node against a real embedded Postgres.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'frontend',
          environment: 'happy-dom',
          setupFiles: ['./shared-kernel/src/testing/vitest-setup.ts'],
          include: [
            'shell/src/**/*.test.{ts,tsx}',
            'mf-*/src/**/*.test.{ts,tsx}',
            'shared-kernel/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['functions/src/**/*.test.ts', 'shared-kernel/supabase/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'local-backend/vitest.config.ts',
    ],
  },
});
