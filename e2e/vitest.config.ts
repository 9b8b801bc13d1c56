import { defineConfig } from 'vitest/config';

/** E2E: the real built server + console, driven in Debian's Chromium with playwright-core. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['specs/**/*.test.ts'],
    globalSetup: ['support/global-setup.ts'],
    setupFiles: ['support/close-browser.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // expect.poll waits for what a user would see; its default of 1 s is shorter than a loaded
    // machine's answer (the 2-core CI runs beside other builds).
    expect: { poll: { timeout: 10_000, interval: 100 } },
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
