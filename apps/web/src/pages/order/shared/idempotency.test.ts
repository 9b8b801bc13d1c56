import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

describe('newIdempotencyKey', () => {
  it('is a fresh key the contract accepts (8..64 characters) on every call', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(a.length).toBeGreaterThanOrEqual(8);
    expect(a.length).toBeLessThanOrEqual(64);
  });

  it('works without randomUUID (plain HTTP)', () => {
    const key = newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
