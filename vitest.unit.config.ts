import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/contract/test/**/*.test.ts',
      'apps/server/test/unit/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
    ],
    environment: 'node',
  },
});
