import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { endAfterStart } from './lessonEnd';

const at = (s: string) => dayjs(s);
const text = (d: dayjs.Dayjs | undefined) => d?.format('YYYY-MM-DD HH:mm');

describe('a live lesson end follows its start', () => {
  it('fills an empty end with start + the lesson length', () => {
    expect(text(endAfterStart(at('2026-12-10 19:00'), null, null, 90))).toBe('2026-12-10 20:30');
  });

  it('moves an end it filled itself with the start', () => {
    const filled = at('2026-12-10 20:30');
    expect(text(endAfterStart(at('2026-12-10 18:00'), filled, filled, 90))).toBe('2026-12-10 19:30');
  });

  it('leaves an end the user chose alone, and does nothing without a start', () => {
    expect(
      endAfterStart(at('2026-12-10 18:00'), at('2026-12-10 21:00'), at('2026-12-10 20:30'), 90),
    ).toBeUndefined();
    expect(endAfterStart(at('2026-12-10 18:00'), at('2026-12-10 21:00'), null, 90)).toBeUndefined();
    expect(endAfterStart(null, null, null, 90)).toBeUndefined();
  });
});
