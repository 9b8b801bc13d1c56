import { defineConfig } from 'vitest/config';

/**
 * Process specs: the built server started, stopped, crashed, backed up and migrated as an operator
 * would, without a browser. They start their own servers, so they run beside the Chromium specs
 * (`npm test -- process`, in the first lane of `npm test`).
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['process/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
