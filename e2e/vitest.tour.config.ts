import { defineConfig } from 'vitest/config';

/** The console tour (`npm run tour`, scripts/tour.mjs): screenshots and checks of every menu page. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['tour/**/*.tour.ts'],
    setupFiles: ['support/close-browser.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
