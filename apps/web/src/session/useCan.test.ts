import { describe, expect, test } from 'vitest';
import { canWith } from './useCan';

describe('canWith', () => {
  test('admin holds every code; others the codes they were given; no code = open', () => {
    const admin = canWith(['admin'], []);
    expect(admin('system.user.write')).toBe(true);
    const siyu = canWith(['siyu'], ['client.list', 'client.claim']);
    expect(siyu('client.claim')).toBe(true);
    expect(siyu('system.user.write')).toBe(false);
    expect(siyu()).toBe(true);
  });
});
