import { describe, expect, test } from 'vitest';
import {
  claimBlockedUntil,
  claimsLeft,
  secondsSince,
  secondsUntil,
  usageLevel,
  usagePercent,
} from './poolFormat';

const now = new Date('2026-03-10T08:00:00Z');

describe('pool formatting', () => {
  test('seconds since and until an instant', () => {
    expect(secondsSince('2026-03-10T07:00:00Z', now)).toBe(3600);
    expect(secondsSince('2026-03-11T07:00:00Z', now)).toBe(0);
    expect(secondsSince(null, now)).toBe(0);
    expect(secondsUntil('2026-03-12T08:00:00Z', now)).toBe(2 * 86400);
    expect(secondsUntil('2026-03-10T07:59:00Z', now)).toBe(-60);
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil('not a date', now)).toBeNull();
  });

  test('a pool row is not claimable until the date the server gave, then it is', () => {
    expect(claimBlockedUntil({ claimableFrom: '2026-03-15T08:00:00.000Z' }, now)).toBe(
      '2026-03-15T08:00:00.000Z',
    );
    expect(claimBlockedUntil({ claimableFrom: '2026-03-09T08:00:00.000Z' }, now)).toBeNull();
    expect(claimBlockedUntil({ claimableFrom: null }, now)).toBeNull();
  });

  test('claims left never go below zero', () => {
    expect(claimsLeft({ claimedToday: 3, claimDailyLimit: 20 })).toBe(17);
    expect(claimsLeft({ claimedToday: 20, claimDailyLimit: 20 })).toBe(0);
    expect(claimsLeft({ claimedToday: 5, claimDailyLimit: 2 })).toBe(0);
  });

  test('usage level and percent', () => {
    expect(usageLevel(3, 20)).toBe('ok');
    expect(usageLevel(16, 20)).toBe('low');
    expect(usageLevel(20, 20)).toBe('full');
    expect(usageLevel(0, 0)).toBe('full');
    expect(usageLevel(500, null)).toBe('ok');
    expect(usagePercent(5, 20)).toBe(25);
    expect(usagePercent(30, 20)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
    expect(usagePercent(7, null)).toBe(0);
  });
});
