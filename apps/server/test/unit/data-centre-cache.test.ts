import { describe, expect, it } from 'vitest';
import { FreshReads, olderGen, StampedLru } from '../../src/modules/data-centre/cache';

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

describe('generations and fresh reads (data-centre caches)', () => {
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

  it('shares a read sent after the request began; later requests wait for one next read', async () => {
    const reads = new FreshReads<number>();
    const gates: (() => void)[] = [];
    let n = 0;
    const load = () =>
      new Promise<number>((ok) => {
        const v = ++n;
        gates.push(() => ok(v));
      });
    const since1 = performance.now();
    const a = reads.get('k', since1, load); // read 1 sent now (after since1)
    const b = reads.get('k', since1, load); // began before read 1 was sent: shares it
    await new Promise((r) => setTimeout(r, 2));
    const since2 = performance.now(); // began after read 1 was sent: needs a newer read
    const c = reads.get('k', since2, load);
    const d = reads.get('k', performance.now(), load); // shares the pending read with c
    expect(n).toBe(1); // the next read waits for the one in flight
    gates[0]?.();
    expect([await a, await b]).toEqual([1, 1]);
    await new Promise((r) => setTimeout(r, 0));
    expect(n).toBe(2);
    gates[1]?.();
    expect([await c, await d]).toEqual([2, 2]);
    // A request that began after every read was sent: a read of its own.
    await new Promise((r) => setTimeout(r, 2));
    const e = reads.get('k', performance.now(), load);
    await new Promise((r) => setTimeout(r, 0));
    gates[2]?.();
    expect(await e).toBe(3);
    expect([reads.reads, reads.joins]).toEqual([3, 2]);
  });

  it('a failed read is not shared with later requests', async () => {
    const reads = new FreshReads<number>();
    await expect(reads.get('k', performance.now(), () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await reads.get('k', 0, async () => 7)).toBe(7);
  });
});
