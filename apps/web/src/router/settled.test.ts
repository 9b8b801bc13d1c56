import { afterEach, describe, expect, it, vi } from 'vitest';
import { type SettlingRouter, whenSettled } from './settled';

type Listener = Parameters<SettlingRouter['subscribe']>[0];

/** A router whose state the test moves by hand, counting its live subscriptions. */
const fakeRouter = (initialized: boolean) => {
  const listeners = new Set<Listener>();
  const router = {
    state: { initialized } as SettlingRouter['state'],
    subscribe: (fn: Listener) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
  const set = (next: boolean) => {
    router.state = { ...router.state, initialized: next };
    for (const fn of [...listeners])
      fn(router.state, { deletedFetchers: [], viewTransitionOpts: undefined, flushSync: false } as never);
  };
  return { router, set, listeners };
};

describe('whenSettled', () => {
  it('resolves at once for a router whose first navigation is done', async () => {
    const { router, listeners } = fakeRouter(true);
    await expect(whenSettled(router, 500)).resolves.toBeUndefined();
    expect(listeners.size).toBe(0);
  });

  it('waits for the first navigation, then stops listening', async () => {
    const { router, set, listeners } = fakeRouter(false);
    let settled = false;
    const done = whenSettled(router, 60_000).then(() => {
      settled = true;
    });
    set(false); // a state change before the navigation is done (e.g. a fetcher)
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(listeners.size).toBe(1);
    set(true);
    await done;
    expect(settled).toBe(true);
    expect(listeners.size).toBe(0);
  });

  it('gives up waiting after the time given, and stops listening', async () => {
    vi.useFakeTimers();
    const { router, listeners } = fakeRouter(false);
    let settled = false;
    const done = whenSettled(router, 500).then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(settled).toBe(true);
    expect(listeners.size).toBe(0);
  });
});

afterEach(() => {
  vi.useRealTimers();
});
