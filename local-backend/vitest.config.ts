import { defineConfig } from 'vitest/config';

// Each test file starts its own PGlite (seconds) and bcrypt hashes passwords at cost 10,
// so timeouts are generous.
export default defineConfig({
  test: {
    name: 'local-backend',
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
