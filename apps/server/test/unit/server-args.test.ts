import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../../../../scripts/server-args.mjs';

/** The V8 heap limit a node started with these flags (and this NODE_OPTIONS) reports, in MB. */
const heapLimitMb = (args: string[], nodeOptions = '') =>
  Number(
    execFileSync(
      process.execPath,
      [...args, '-p', 'require("v8").getHeapStatistics().heap_size_limit / 1048576'],
      {
        env: { ...process.env, NODE_OPTIONS: nodeOptions },
      },
    )
      .toString()
      .trim(),
  );

describe('the server’s Node flags (scripts/server-args.mjs)', () => {
  it('caps the old generation at 1 GB, so V8 collects before the heap is 4x what is live', () => {
    const args = serverNodeArgs({});
    expect(args).toContain('--max-old-space-size=1024');
    expect(args).toContain('--max-semi-space-size=8');
    // old space 1,024 MB + the young generation (3 x 8 MB semi-spaces)
    const limit = heapLimitMb(args);
    expect(limit).toBeGreaterThanOrEqual(1024);
    expect(limit).toBeLessThan(1100);
  });

  it('leaves the old generation to a NODE_OPTIONS that sets it', () => {
    const env = { NODE_OPTIONS: '--max-old-space-size=2048' };
    const args = serverNodeArgs(env);
    expect(args.some((a: string) => a.startsWith('--max-old-space-size'))).toBe(false);
    expect(heapLimitMb(args, env.NODE_OPTIONS)).toBeGreaterThanOrEqual(2048);
  });

  it('keeps PGlite’s WebAssembly on the baseline compiler unless PGLITE_WASM_OPTIMIZE=1', () => {
    expect(serverNodeArgs({})).toContain('--liftoff-only');
    expect(serverNodeArgs({ PGLITE_WASM_OPTIMIZE: '1' })).not.toContain('--liftoff-only');
  });
});
