import { describe, expect, it } from 'vitest';
import { StampedLru } from '../../src/modules/data-centre/cache';

describe('StampedLru (data-centre caches)', () => {
  it('computes once per stamp and key, shares a computation in flight, and drops everything on a new stamp', async () => {
    const lru = new StampedLru<number>(10);
    let runs = 0;
    const compute = (v: number) => () => {
      runs++;
      return new Promise<number>((ok) => setTimeout(() => ok(v), 5));
    };
    const [a, b] = await Promise.all([lru.get('s1', 'k', compute(1)), lru.get('s1', 'k', compute(2))]);
    expect([a, b, runs]).toEqual([1, 1, 1]);
    expect(await lru.get('s1', 'k', compute(3))).toBe(1);
    expect(await lru.peek('s1', 'k')).toBe(1);
    expect(lru.peek('s2', 'k')).toBeUndefined();
    // Another stamp (something was written): computed again.
    expect(await lru.get('s2', 'k', compute(4))).toBe(4);
    expect(runs).toBe(2);
    expect(lru.peek('s1', 'k')).toBeUndefined();
  });

  it('forgets a failed computation and evicts the least recently used entry', async () => {
    const lru = new StampedLru<string>(2);
    await expect(lru.get('s', 'bad', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await lru.get('s', 'bad', async () => 'ok')).toBe('ok');
    await lru.get('s', 'a', async () => 'a');
    await lru.get('s', 'bad', async () => 'again'); // used: 'a' is now the oldest
    await lru.get('s', 'c', async () => 'c');
    expect(lru.peek('s', 'a')).toBeUndefined();
    expect(await lru.peek('s', 'bad')).toBe('ok');
    expect(await lru.peek('s', 'c')).toBe('c');
  });
});
