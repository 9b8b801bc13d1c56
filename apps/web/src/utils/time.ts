import dayjs from 'dayjs';

/** The translate function the time helpers need: i18next's `t` fits (keys are listed per helper). */
export type Translate = (key: string, opts?: Record<string, unknown>) => string;

export type TimeInput = number | string | Date;

const SECOND_MS = 1000;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Turns the inputs the helpers accept into a Date, or null when there is nothing valid to show.
 * - Date: used as it is (an invalid Date gives null).
 * - number: milliseconds since the epoch, except a 10-digit whole part, which is unix seconds.
 * - digit-only string: read as that number (so '1700000000' is seconds too).
 * - ISO 8601 string with a `T` (what the API sends, e.g. '2026-01-02T03:04:05.000Z'): parsed natively.
 * - any other string ('2026-01-02 03:04:05', '2026-01-02'): `-` becomes `/` so every browser reads
 *   it as local time, as the template does. (The template also did this to ISO strings, which
 *   made them invalid; ISO strings are kept intact here.)
 */
const toDate = (time: TimeInput | null | undefined): Date | null => {
  if (time === null || time === undefined) return null;
  if (time instanceof Date) return Number.isNaN(time.getTime()) ? null : time;
  let value: number | string = time;
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (/^-?\d+$/.test(text)) value = Number(text);
    else value = text.includes('T') ? text : text.replace(/-/g, '/');
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    if (String(Math.trunc(Math.abs(value))).length === 10) value *= SECOND_MS;
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * `{a}` is the weekday as a Chinese numeral (日 一 二 三 四 五 六), exactly as the template does.
 * It is the one language-bound token: parseTime takes no translate function, so screens that need
 * a weekday in the UI language should format with dayjs and its locale (`ddd`/`dddd`) instead.
 */
const WEEKDAYS_ZH = ['日', '一', '二', '三', '四', '五', '六'] as const;

/**
 * The template's parseTime: formats `time` with the tokens `{y} {m} {d} {h} {i} {s}` (zero-padded
 * to 2 digits, the year in full) and `{a}` (weekday, see above). A repeated letter such as `{yyyy}`
 * counts as `{y}`. Local time of the browser.
 * Returns null for a missing or falsy `time` (so `0` and `''` give null, as in the template) and,
 * unlike the template (which printed "NaN"), for a value that is not a valid date.
 */
export const parseTime = (
  time: number | string | Date | null | undefined,
  fmt = '{y}-{m}-{d} {h}:{i}:{s}',
): string | null => {
  if (!time) return null;
  const date = toDate(time);
  if (!date) return null;
  const parts: Record<string, number> = {
    y: date.getFullYear(),
    m: date.getMonth() + 1,
    d: date.getDate(),
    h: date.getHours(),
    i: date.getMinutes(),
    s: date.getSeconds(),
    a: date.getDay(),
  };
  return fmt.replace(/\{([ymdhisa])+\}/g, (_match, key: string) => {
    const value = parts[key] ?? 0;
    if (key === 'a') return WEEKDAYS_ZH[value] ?? '';
    return String(value).padStart(2, '0');
  });
};

/**
 * Relative time of spec section 9, through i18n keys:
 * - less than 30 s old, or in the future: `time.justNow`;
 * - less than 1 hour: `time.minutesAgo` with `{count}` whole minutes (at least 1);
 * - less than 1 day: `time.hoursAgo` with `{count}` whole hours;
 * - less than 48 hours: `time.oneDayAgo`;
 * - older: the date itself, dayjs format 'YYYY-MM-DD HH:mm' (local time).
 * Counts are rounded down (59 min 59 s is "59 minutes ago", 1 h 59 min is "1 hour ago"). The
 * template rounded up, which printed "2 hours ago" one second after the hour and "60 minutes ago";
 * rounding down never names a figure that the next branch contradicts.
 * An unreadable `time` gives ''.
 */
export const formatTime = (time: TimeInput, t: Translate, now: Date = new Date()): string => {
  const date = toDate(time);
  if (!date) return '';
  const age = (now.getTime() - date.getTime()) / SECOND_MS;
  if (age < 30) return t('time.justNow');
  if (age < HOUR) return t('time.minutesAgo', { count: Math.max(1, Math.floor(age / MINUTE)) });
  if (age < DAY) return t('time.hoursAgo', { count: Math.floor(age / HOUR) });
  if (age < 2 * DAY) return t('time.oneDayAgo');
  return dayjs(date).format('YYYY-MM-DD HH:mm');
};

/**
 * The template's alternative relative-time helper, for a duration in seconds (an age, not a
 * timestamp): minutes under 1 hour, hours under 1 day, then days; always rounded down, so a
 * fresh item shows "0 minutes". Keys `time.minutes`, `time.hours`, `time.days` with `{count}`;
 * i18next's plural forms pick "1 minute" / "5 minutes". Negative or non-finite input counts as 0.
 */
export const timeAgo = (seconds: number, t: Translate): string => {
  const age = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  if (age < HOUR) return t('time.minutes', { count: Math.floor(age / MINUTE) });
  if (age < DAY) return t('time.hours', { count: Math.floor(age / HOUR) });
  return t('time.days', { count: Math.floor(age / DAY) });
};
