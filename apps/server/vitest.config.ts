import { defineConfig } from 'vitest/config';

/** API tests: app.inject against PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
