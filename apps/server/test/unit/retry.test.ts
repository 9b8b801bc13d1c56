import { describe, expect, it } from 'vitest';
import { backoffDelay, withRetry } from '../../src/lib/retry';

describe('withRetry', () => {
  it('retries with growing delays until the call succeeds', async () => {
    const waits: number[] = [];
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls++;
        if (calls < 3) throw new Error('busy');
        return 'ok';
      },
      { attempts: 4, baseDelayMs: 100, sleep: async (ms) => void waits.push(ms) },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(100);
    expect(waits[1]).toBeGreaterThanOrEqual(200);
  });

  it('gives up after the last attempt and on errors not worth retrying', async () => {
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('down');
        },
        { attempts: 3, sleep: async () => {} },
      ),
    ).rejects.toThrow('down');
    expect(calls).toBe(3);
    calls = 0;
    await expect(
      withRetry(
        async () => {
          calls++;
          throw new Error('bad request');
        },
        { attempts: 3, retryable: () => false, sleep: async () => {} },
      ),
    ).rejects.toThrow('bad request');
    expect(calls).toBe(1);
  });

  it('caps the delay', () => {
    expect(backoffDelay(20, 200, 5000, () => 0)).toBe(5000);
    expect(backoffDelay(1, 200, 5000, () => 0)).toBe(400);
  });
});
