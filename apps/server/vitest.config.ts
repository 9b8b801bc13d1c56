import { defineConfig } from 'vitest/config';

/** API tests: app.inject against PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['test/api/**/*.test.ts'],
    // One migrated and one seeded database per run, copied by each test file (test/support/golden.ts).
    globalSetup: ['test/support/global-setup.ts'],
    // Limits for hangs, not for speed: at load 10 (a parallel build beside the suite) the slowest
    // PGlite tests and set-ups take 2-3x their idle time (32 s, 60 s where 12 s and 20 s idle).
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    // A worker runs its files one after the other in one process, so the server's modules are loaded
    // and PGlite's WebAssembly compiled (and tiered up by V8) once per worker, not once per file: 0.72x
    // the time of isolated files (bench/README.md). Each file still opens its own database and app.
    isolate: false,
  },
});
