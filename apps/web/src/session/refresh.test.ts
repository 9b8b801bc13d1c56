import { describe, expect, test } from 'vitest';
import { isRefreshDue } from './refresh';

const t = { token: 'x', refreshAfter: 100, expire: 200 };

describe('isRefreshDue', () => {
  test('only between the refresh time and the expiry', () => {
    expect(isRefreshDue(t, 99)).toBe(false);
    expect(isRefreshDue(t, 100)).toBe(true);
    expect(isRefreshDue(t, 199)).toBe(true);
    expect(isRefreshDue(t, 200)).toBe(false);
    expect(isRefreshDue(null, 150)).toBe(false);
    expect(isRefreshDue({ ...t, refreshAfter: 0 }, 150)).toBe(false);
  });
});
