import { defineConfig } from 'vitest/config';

/**
 * `pnpm bench:offline`: benchmarks that run the product's own modules in Node through Vitest (which
 * compiles them as the frontend tests do). They print numbers; their assertions are correctness only.
 */
export default defineConfig({
  test: {
    name: 'perf',
    environment: 'node',
    include: ['tests/perf/**/*.vitest-bench.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
