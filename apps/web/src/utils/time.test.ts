import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatTime, parseTime, type Translate, timeAgo } from './time';

/** Echoes the key and the count, so each assertion names the branch that was taken. */
const t: Translate = (key, opts) => (opts && 'count' in opts ? `${key}:${String(opts.count)}` : key);

const originalTz = process.env.TZ;
const useTz = (tz: string) => {
  process.env.TZ = tz;
};
beforeAll(() => useTz('Asia/Shanghai'));
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

// 2026-03-05 09:02:03 in Shanghai, a Thursday.
const MS = Date.UTC(2026, 2, 5, 1, 2, 3);
const SECONDS = MS / 1000;

describe('parseTime', () => {
  it('gives null without a time or with a falsy one', () => {
    expect(parseTime(undefined)).toBeNull();
    expect(parseTime(null)).toBeNull();
    expect(parseTime(0)).toBeNull();
    expect(parseTime('')).toBeNull();
  });

  it('gives null for values that are not dates (the template printed NaN)', () => {
    expect(parseTime('not a date')).toBeNull();
    expect(parseTime(new Date(Number.NaN))).toBeNull();
    expect(parseTime(Number.POSITIVE_INFINITY)).toBeNull();
    expect(parseTime(Number.NaN)).toBeNull();
  });

  it('formats a Date with the default format in local time', () => {
    expect(parseTime(new Date(MS))).toBe('2026-03-05 09:02:03');
    useTz('UTC');
    try {
      expect(parseTime(new Date(MS))).toBe('2026-03-05 01:02:03');
    } finally {
      useTz('Asia/Shanghai');
    }
  });

  it('reads a 10-digit number as unix seconds and longer ones as milliseconds', () => {
    expect(String(SECONDS)).toHaveLength(10);
    expect(parseTime(SECONDS)).toBe('2026-03-05 09:02:03');
    expect(parseTime(MS)).toBe('2026-03-05 09:02:03');
    expect(parseTime(SECONDS + 0.5)).toBe('2026-03-05 09:02:03');
  });

  it('reads a number with fewer than 10 digits as milliseconds', () => {
    // 123456789 ms = 1970-01-02 10:17:36.789 UTC
    expect(parseTime(123456789)).toBe('1970-01-02 18:17:36');
  });

  it('reads digit-only strings as numbers (seconds or milliseconds)', () => {
    expect(parseTime(String(SECONDS))).toBe('2026-03-05 09:02:03');
    expect(parseTime(String(MS))).toBe('2026-03-05 09:02:03');
  });

  it('reads dash-separated strings as local time and ISO strings as the instant they name', () => {
    expect(parseTime('2026-03-05 09:02:03')).toBe('2026-03-05 09:02:03');
    expect(parseTime('2026-03-05')).toBe('2026-03-05 00:00:00');
    expect(parseTime('2026/03/05 09:02:03')).toBe('2026-03-05 09:02:03');
    expect(parseTime('2026-03-05T01:02:03.000Z')).toBe('2026-03-05 09:02:03');
    expect(parseTime('2026-03-05T09:02:03+08:00')).toBe('2026-03-05 09:02:03');
  });

  it('pads every token but the year to two digits', () => {
    expect(parseTime('2026-01-02 03:04:05', '{y}|{m}|{d}|{h}|{i}|{s}')).toBe('2026|01|02|03|04|05');
    expect(parseTime('0987-01-02 03:04:05', '{y}')).toBe('987');
  });

  it('gives the weekday as a Chinese numeral for {a}', () => {
    expect(parseTime(MS, '{y}年{m}月{d}日 星期{a}')).toBe('2026年03月05日 星期四');
    expect(parseTime('2026-03-08 12:00:00', '{a}')).toBe('日'); // Sunday
    expect(parseTime('2026-03-09 12:00:00', '{a}')).toBe('一');
    expect(parseTime('2026-03-14 12:00:00', '{a}')).toBe('六');
  });

  it('treats repeated letters such as {yyyy} as the single token and leaves other text alone', () => {
    expect(parseTime(MS, '{yyyy}-{mm}-{dd} {hh}:{ii}')).toBe('2026-03-05 09:02');
    expect(parseTime(MS, 'at {h}h {x} {} y-m-d')).toBe('at 09h {x} {} y-m-d');
  });
});

describe('formatTime', () => {
  const now = new Date(Date.UTC(2026, 2, 5, 12, 0, 0)); // 20:00 in Shanghai
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const fmt = (seconds: number) => formatTime(ago(seconds), t, now);
  const MIN = 60;
  const HOUR = 3600;

  it.each([
    [0, 'time.justNow'],
    [1, 'time.justNow'],
    [29, 'time.justNow'],
    [29.999, 'time.justNow'],
    [30, 'time.minutesAgo:1'],
    [119, 'time.minutesAgo:1'],
    [120, 'time.minutesAgo:2'],
    [59 * MIN, 'time.minutesAgo:59'],
    [59 * MIN + 59, 'time.minutesAgo:59'],
    [HOUR, 'time.hoursAgo:1'],
    [HOUR + 1, 'time.hoursAgo:1'],
    [2 * HOUR - 1, 'time.hoursAgo:1'],
    [2 * HOUR, 'time.hoursAgo:2'],
    [23 * HOUR, 'time.hoursAgo:23'],
    [24 * HOUR - 1, 'time.hoursAgo:23'],
    [24 * HOUR, 'time.oneDayAgo'],
    [47 * HOUR, 'time.oneDayAgo'],
    [48 * HOUR - 1, 'time.oneDayAgo'],
  ])('%s s ago -> %s', (seconds, expected) => {
    expect(fmt(seconds)).toBe(expected);
  });

  it('shows the local date from 48 hours on (dayjs YYYY-MM-DD HH:mm)', () => {
    expect(fmt(48 * HOUR)).toBe('2026-03-03 20:00');
    expect(fmt(400 * 24 * HOUR + 5 * MIN)).toBe('2025-01-29 19:55');
  });

  it('says "just now" for times in the future', () => {
    expect(formatTime(new Date(now.getTime() + 1000), t, now)).toBe('time.justNow');
    expect(formatTime(new Date(now.getTime() + 3 * 24 * HOUR * 1000), t, now)).toBe('time.justNow');
  });

  it('accepts unix seconds, milliseconds, ISO strings and digit strings', () => {
    const fiveMinutes = now.getTime() - 5 * MIN * 1000;
    expect(formatTime(fiveMinutes / 1000, t, now)).toBe('time.minutesAgo:5');
    expect(formatTime(fiveMinutes, t, now)).toBe('time.minutesAgo:5');
    expect(formatTime(new Date(fiveMinutes).toISOString(), t, now)).toBe('time.minutesAgo:5');
    expect(formatTime(String(fiveMinutes / 1000), t, now)).toBe('time.minutesAgo:5');
  });

  it('gives an empty string for an unreadable time', () => {
    expect(formatTime('yesterday-ish', t, now)).toBe('');
    expect(formatTime(Number.NaN, t, now)).toBe('');
  });

  it('compares with the current time by default', () => {
    expect(formatTime(new Date(), t)).toBe('time.justNow');
    expect(formatTime(Date.now() - 10 * MIN * 1000, t)).toBe('time.minutesAgo:10');
  });
});

describe('timeAgo', () => {
  it.each([
    [0, 'time.minutes:0'],
    [59, 'time.minutes:0'],
    [60, 'time.minutes:1'],
    [119, 'time.minutes:1'],
    [3599, 'time.minutes:59'],
    [3600, 'time.hours:1'],
    [7199, 'time.hours:1'],
    [86399, 'time.hours:23'],
    [86400, 'time.days:1'],
    [172799, 'time.days:1'],
    [172800, 'time.days:2'],
    [400 * 86400, 'time.days:400'],
  ])('%s s -> %s (rounded down)', (seconds, expected) => {
    expect(timeAgo(seconds, t)).toBe(expected);
  });

  it('treats negative and non-finite durations as 0', () => {
    expect(timeAgo(-120, t)).toBe('time.minutes:0');
    expect(timeAgo(Number.NaN, t)).toBe('time.minutes:0');
    expect(timeAgo(Number.POSITIVE_INFINITY, t)).toBe('time.minutes:0');
  });

  it("works with i18next's t and its plural forms", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: {
        en: {
          translation: {
            time: {
              minutes_one: '{{count}} minute',
              minutes_other: '{{count}} minutes',
              hours_one: '{{count}} hour',
              hours_other: '{{count}} hours',
              days_one: '{{count}} day',
              days_other: '{{count}} days',
              minutesAgo_one: '{{count}} minute ago',
              minutesAgo_other: '{{count}} minutes ago',
            },
          },
        },
      },
    });
    const translate: Translate = i18n.t;
    expect(timeAgo(0, translate)).toBe('0 minutes');
    expect(timeAgo(60, translate)).toBe('1 minute');
    expect(timeAgo(7200, translate)).toBe('2 hours');
    expect(timeAgo(86400, translate)).toBe('1 day');
    const now = new Date();
    expect(formatTime(now.getTime() - 60_000, translate, now)).toBe('1 minute ago');
  });
});
