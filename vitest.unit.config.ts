import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/contract/test/**/*.test.ts',
      'apps/server/test/unit/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/vite-plugins/**/*.test.ts',
    ],
    environment: 'node',
    // CPU-bound tests (scrypt at N=2^17, antd's styles rendered) take 1-2 s alone and passed 5 s
    // on a machine loaded by a parallel build: the limit is for hangs, not for speed.
    testTimeout: 30_000,
  },
});
