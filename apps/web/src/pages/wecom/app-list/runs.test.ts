import { describe, expect, it } from 'vitest';
import { runsEnded } from './runs';

describe('WeCom job log: when the app list is asked again', () => {
  const run = (id: number, status: string) => ({ id, status }) as never;

  it('a run followed while live, then ended', () => {
    expect(runsEnded(new Map([[7, 'RUNNING']]), [run(7, 'SUCCESS')])).toBe(true);
    expect(runsEnded(new Map([[7, 'QUEUED']]), [run(7, 'FAILED')])).toBe(true);
  });

  it('a run already ended in the first answer, or new in a later one (ended before it was seen)', () => {
    expect(runsEnded(null, [run(7, 'SUCCESS')])).toBe(true);
    expect(runsEnded(new Map(), [run(8, 'SUCCESS')])).toBe(true);
  });

  it('nothing ended: a live run, an empty log, or the same ended runs again', () => {
    expect(runsEnded(null, [run(7, 'RUNNING')])).toBe(false);
    expect(runsEnded(null, [])).toBe(false);
    expect(runsEnded(new Map([[7, 'SUCCESS']]), [run(7, 'SUCCESS')])).toBe(false);
    expect(runsEnded(new Map([[7, 'RUNNING']]), [run(7, 'RUNNING')])).toBe(false);
  });
});
