import { describe, expect, it } from 'vitest';
import { monthToDate, shanghaiToday } from './days';

describe('dashboard days (Asia/Shanghai)', () => {
  it('uses the Shanghai calendar day whatever the browser zone', () => {
    expect(shanghaiToday(new Date('2026-03-16T15:59:59.999Z'))).toBe('2026-03-16');
    expect(shanghaiToday(new Date('2026-03-16T16:00:00.000Z'))).toBe('2026-03-17');
  });

  it('month to date starts on the first of the Shanghai month', () => {
    expect(monthToDate(new Date('2026-03-31T16:30:00Z'))).toEqual(['2026-04-01', '2026-04-01']);
    expect(monthToDate(new Date('2026-02-14T03:00:00Z'))).toEqual(['2026-02-01', '2026-02-14']);
  });
});
