import { defineConfig } from 'vitest/config';

/**
 * `pnpm test:contracts`: checks the built remotes (run after `pnpm build`) and how the browser tests
 * launch Chromium.
 */
export default defineConfig({
  test: { name: 'contracts', environment: 'node', include: ['tests/contracts/**/*.test.ts'] },
});
