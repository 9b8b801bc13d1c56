import { defineConfig } from 'vitest/config';

/** E2E: the real built server + console, driven in Debian's Chromium with playwright-core. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
