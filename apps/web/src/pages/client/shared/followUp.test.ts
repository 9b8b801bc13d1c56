import { describe, expect, test } from 'vitest';
import { canEditFollowUp, daysUntil, isFutureTime, isOverdue, nextFollowPresets } from './followUp';

const now = new Date('2026-05-06T04:00:00.000Z');

describe('canEditFollowUp', () => {
  const row = { createdBy: 7, source: 'MANUAL' as const, editableUntil: '2026-05-06T05:00:00.000Z' };
  test('the author, a manual follow-up, inside the 24 h window', () => {
    expect(canEditFollowUp(row, 7, now)).toBe(true);
  });
  test('not someone else, not after the window, not automatic ones, not signed out', () => {
    expect(canEditFollowUp(row, 8, now)).toBe(false);
    expect(canEditFollowUp(row, 7, new Date('2026-05-06T05:00:00.000Z'))).toBe(false);
    expect(canEditFollowUp({ ...row, source: 'CALL' }, 7, now)).toBe(false);
    expect(canEditFollowUp(row, null, now)).toBe(false);
  });
});

describe('times', () => {
  test('future and overdue checks (no time is fine, and never overdue)', () => {
    expect(isFutureTime('2026-05-06T04:00:01.000Z', now)).toBe(true);
    expect(isFutureTime('2026-05-06T04:00:00.000Z', now)).toBe(false);
    expect(isFutureTime(null, now)).toBe(true);
    expect(isOverdue('2026-05-06T03:59:59.000Z', now)).toBe(true);
    expect(isOverdue('2026-05-06T04:00:01.000Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });

  test('days until an instant round up; passed is 0; none is null', () => {
    expect(daysUntil('2026-05-06T05:00:00.000Z', now)).toBe(1);
    expect(daysUntil('2026-05-08T04:00:00.000Z', now)).toBe(2);
    expect(daysUntil('2026-05-08T04:00:01.000Z', now)).toBe(3);
    expect(daysUntil('2026-05-01T00:00:00.000Z', now)).toBe(0);
    expect(daysUntil(null, now)).toBeNull();
  });

  test('next follow-up presets all lie in the future, in order, the day ones at 10:00', () => {
    const presets = nextFollowPresets(now);
    expect(presets.map((p) => p.key)).toEqual(['in2h', 'tomorrow', 'in3days', 'nextWeek']);
    const times = presets.map((p) => p.value.valueOf());
    expect(times.every((t) => t > now.getTime())).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(presets[0]?.value.valueOf()).toBeGreaterThanOrEqual(now.getTime() + 2 * 3600_000);
    for (const p of presets.slice(1)) expect(p.value.format('HH:mm:ss')).toBe('10:00:00');
    expect(presets[3]?.value.diff(presets[1]?.value, 'day')).toBe(6);
  });
});
