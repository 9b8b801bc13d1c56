import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { isDatabaseUnreachable } from '../../src/db/unreachable';
import { waitForDatabase } from '../../src/db/wait';

const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A clock that only moves when the loop sleeps. */
const fakeTime = () => {
  let t = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms: number) => {
      slept.push(ms);
      t += ms;
    },
  };
};

describe('waiting for the database at start', () => {
  it('retries while the database refuses connections, with growing waits, logging each attempt', async () => {
    const time = fakeTime();
    let calls = 0;
    const logged: number[] = [];
    const attempts = await waitForDatabase(
      async () => {
        calls++;
        if (calls < 4) throw refused();
      },
      { limitSeconds: 120, onRetry: (attempt) => logged.push(attempt), ...time },
    );
    expect(attempts).toBe(4);
    expect(logged).toEqual([1, 2, 3]);
    expect(time.slept[0]).toBeGreaterThanOrEqual(1_000);
    expect(time.slept[1]).toBeGreaterThan(time.slept[0] as number);
    expect(time.slept[2]).toBeGreaterThan(time.slept[1] as number);
  });

  it('gives up with the last error once DATABASE_WAIT_SECONDS have passed', async () => {
    const time = fakeTime();
    const err = refused();
    await expect(
      waitForDatabase(
        async () => {
          throw err;
        },
        { limitSeconds: 60, onRetry: () => {}, ...time },
      ),
    ).rejects.toBe(err);
    expect(time.now()).toBe(60_000);
    expect(Math.max(...time.slept)).toBeLessThanOrEqual(15_000);
  });

  it('fails at once on an error that is not about reaching the database', async () => {
    const time = fakeTime();
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      waitForDatabase(
        async () => {
          throw wrongPassword;
        },
        { limitSeconds: 120, onRetry: () => {}, ...time },
      ),
    ).rejects.toBe(wrongPassword);
    expect(time.slept).toEqual([]);
  });

  it('knows a lost or refused connection from a wrong query, also wrapped by drizzle', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnreachable(wrapped(refused()))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('terminating'), { code: '57P01' })))).toBe(
      true,
    );
    expect(isDatabaseUnreachable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(wrapped(Object.assign(new Error('syntax'), { code: '42601' })))).toBe(false);
    expect(isDatabaseUnreachable(new Error('the disk is on fire'))).toBe(false);
  });

  it('reads DATABASE_WAIT_SECONDS (default 120, 0 allowed)', () => {
    expect(loadConfig({}).databaseWaitSeconds).toBe(120);
    expect(loadConfig({ DATABASE_WAIT_SECONDS: '0' }).databaseWaitSeconds).toBe(0);
    expect(() => loadConfig({ DATABASE_WAIT_SECONDS: 'soon' })).toThrow(/DATABASE_WAIT_SECONDS/);
  });
});
