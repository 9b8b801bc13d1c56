import { describe, expect, it } from 'vitest';
import { olderGen, StampedLru, TodayRows } from '../../src/modules/data-centre/cache';

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

describe('generations (data-centre caches)', () => {
  it('orders generation stamps counter by counter; an older stamp computes without touching the entries', async () => {
    expect(olderGen('product:1,sales:4', 'product:1,sales:5')).toBe(true);
    expect(olderGen('product:2,sales:5', 'product:1,sales:5')).toBe(false);
    expect(olderGen('product:1,sales:5', 'product:1,sales:5')).toBe(false);
    const lru = new StampedLru<number>(10, olderGen);
    expect(await lru.get('product:1,sales:5', 'k', async () => 1)).toBe(1);
    // A request that read its generation before the last write: computed, not kept, entries kept.
    expect(await lru.get('product:1,sales:4', 'k', async () => 2)).toBe(2);
    expect(await lru.peek('product:1,sales:5', 'k')).toBe(1);
    expect(await lru.get('product:1,sales:6', 'k', async () => 3)).toBe(3);
    expect(lru.peek('product:1,sales:5', 'k')).toBeUndefined();
  });
});

describe("today's rows kept for a short time (TodayRows)", () => {
  it('shares one read within the period, reads again after it, and says when the rows were read', async () => {
    const rows = new TodayRows<number>(30_000);
    let n = 0;
    const load = async () => ++n;
    const a = rows.get('k', 1_000, load);
    const b = rows.get('k', 1_000, load); // together: one read
    expect([await a.rows, await b.rows, a.at]).toEqual([1, 1, 1_000]);
    const c = rows.get('k', 30_999, load); // within the period
    expect([await c.rows, c.at]).toEqual([1, 1_000]);
    expect(await rows.get('other', 30_999, load).rows).toBe(2); // another key: its own read
    const d = rows.get('k', 31_000, load); // the period is over
    expect([await d.rows, d.at]).toEqual([3, 31_000]);
    // A request whose clock is behind the kept read takes it (the rows hold what it must see).
    expect(await rows.get('k', 20_000, load).rows).toBe(3);
    expect(rows.reads).toBe(3);
    // Nothing kept: every request reads.
    const none = new TodayRows<number>(0);
    await none.get('k', 1, load).rows;
    await none.get('k', 1, load).rows;
    expect(none.reads).toBe(2);
  });

  it('forgets a failed read and evicts the least recently used key', async () => {
    const rows = new TodayRows<string>(30_000, 2);
    await expect(rows.get('bad', 0, () => Promise.reject(new Error('boom'))).rows).rejects.toThrow('boom');
    expect(await rows.get('bad', 0, async () => 'ok').rows).toBe('ok');
    await rows.get('a', 0, async () => 'a').rows;
    await rows.get('bad', 0, async () => 'again').rows; // used: 'a' is now the oldest
    await rows.get('c', 0, async () => 'c').rows;
    expect(await rows.get('a', 0, async () => 'a2').rows).toBe('a2');
    expect(await rows.get('c', 0, async () => 'c2').rows).toBe('c');
  });
});
