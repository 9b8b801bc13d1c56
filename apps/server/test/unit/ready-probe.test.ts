import { describe, expect, it } from 'vitest';
import { ReadyProbe } from '../../src/jobs/ready-probe';

const until = async (check: () => boolean, ms = 2_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('ReadyProbe', () => {
  it('wakes every queue the look names, at each interval', async () => {
    const woken: string[] = [];
    let looks = 0;
    const probe = new ReadyProbe(
      async () => (++looks === 1 ? ['a', 'b'] : ['c']),
      (name) => woken.push(name),
      10,
      () => {},
    );
    probe.start();
    await until(() => looks >= 2 && woken.includes('c'));
    await probe.stop();
    expect(woken.slice(0, 3)).toEqual(['a', 'b', 'c']);
  });

  it('reports a failed look and goes on looking', async () => {
    const errors: unknown[] = [];
    const woken: string[] = [];
    let looks = 0;
    const probe = new ReadyProbe(
      async () => {
        if (++looks === 1) throw new Error('database away');
        return ['a'];
      },
      (name) => woken.push(name),
      10,
      (err) => errors.push(err),
    );
    probe.start();
    await until(() => woken.length > 0);
    await probe.stop();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database away');
  });

  it('looks no more once stopped, and stop waits for a look in progress', async () => {
    let looks = 0;
    let finished = false;
    const probe = new ReadyProbe(
      async () => {
        looks++;
        await new Promise((r) => setTimeout(r, 50));
        finished = true;
        return [];
      },
      () => {},
      5,
      () => {},
    );
    probe.start();
    await until(() => looks === 1);
    await probe.stop();
    expect(finished).toBe(true);
    const after = looks;
    await new Promise((r) => setTimeout(r, 50));
    expect(looks).toBe(after);
  });
});
