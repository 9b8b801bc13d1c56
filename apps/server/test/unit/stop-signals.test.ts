import { describe, expect, it } from 'vitest';
import { SAME_STOP_MS, stopSignalHandler } from '../../src/lib/stop-signals';

const recorder = () => {
  let t = 0;
  const calls: string[] = [];
  const handler = stopSignalHandler({
    stop: (s) => calls.push(`stop ${s}`),
    repeated: (s) => calls.push(`repeated ${s}`),
    force: (s) => calls.push(`force ${s}`),
    now: () => t,
  });
  return { calls, handler, advance: (ms: number) => (t += ms) };
};

describe('stop signals', () => {
  it('takes the copies a process group and its launchers deliver as one stop', () => {
    const r = recorder();
    r.handler('SIGTERM'); // to the group
    r.advance(5);
    r.handler('SIGTERM'); // forwarded by scripts/start.mjs
    r.handler('SIGTERM'); // forwarded by npm through start.mjs
    expect(r.calls).toEqual(['stop SIGTERM', 'repeated SIGTERM', 'repeated SIGTERM']);
  });

  it('ends the process on a signal sent again after the window', () => {
    const r = recorder();
    r.handler('SIGINT');
    r.advance(SAME_STOP_MS + 1);
    r.handler('SIGINT');
    expect(r.calls).toEqual(['stop SIGINT', 'force SIGINT']);
  });
});
