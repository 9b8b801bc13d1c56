import { describe, expect, it } from 'vitest';
import { addDays, axisLabel, businessDay, businessTime, formatMetric, shortcutRange } from './format';

describe('data centre formatting', () => {
  it('formats each unit (spec section 9 separators, money in yuan)', () => {
    expect(formatMetric('fen', 123456789)).toBe('¥1,234,567.89');
    expect(formatMetric('count', 1234567)).toBe('1,234,567');
    expect(formatMetric('ratio', 0.4567)).toBe('45.7%');
    expect(formatMetric('days', 3.25)).toBe('3.3');
    expect(formatMetric('seconds', 3600.4)).toBe('3,600s');
    expect(formatMetric('ratio', null)).toBe('-');
  });
  it('shortens axis labels with k/M', () => {
    expect(axisLabel('fen')(123_456_700)).toBe('¥1.2M');
    expect(axisLabel('count')(15_000)).toBe('15k');
    expect(axisLabel('ratio')(0.25)).toBe('25%');
  });
  it('uses Asia/Shanghai business days for the shortcuts', () => {
    const now = new Date('2026-03-01T17:30:00Z'); // 2026-03-02 01:30 in Shanghai
    expect(businessDay(now)).toBe('2026-03-02');
    expect(shortcutRange('yesterday', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(shortcutRange('last7', now)).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    // The time today's figures were read, in Shanghai time.
    expect(businessTime('2026-03-01T17:30:05.250Z')).toBe('01:30:05');
  });
});
