/**
 * Date-range shortcuts of spec section 9 (today, yesterday, last 7, 30 and 90 days).
 *
 * Business days are calendar days in Asia/Shanghai (DOMAIN decision), whatever the time zone of
 * the browser. Shanghai is UTC+8 all year (China has had no daylight saving time since 1991), so
 * the arithmetic is a fixed offset and needs no time-zone database.
 */

export type DateRangeKey = 'today' | 'yesterday' | 'last7' | 'last30' | 'last90';
export interface DateRangeShortcut {
  key: DateRangeKey;
  /** [first millisecond, last millisecond] of the range, both inclusive. */
  range: [Date, Date];
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The instant at which the Shanghai calendar day containing `at` begins (00:00:00.000 +08:00). */
export const shanghaiDayStart = (at: Date): Date => {
  const shifted = at.getTime() + SHANGHAI_OFFSET_MS;
  return new Date(shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - SHANGHAI_OFFSET_MS);
};

/**
 * today = [00:00 today, 23:59:59.999 today] in Shanghai; yesterday the day before; lastN = the N
 * calendar days ending today, today included (last7 starts 6 days before today at 00:00).
 */
export const dateRangeShortcuts = (now: Date = new Date()): DateRangeShortcut[] => {
  const start = shanghaiDayStart(now).getTime();
  const endOfToday = new Date(start + DAY_MS - 1);
  const lastDays = (days: number): [Date, Date] => [new Date(start - (days - 1) * DAY_MS), endOfToday];
  return [
    { key: 'today', range: [new Date(start), endOfToday] },
    { key: 'yesterday', range: [new Date(start - DAY_MS), new Date(start - 1)] },
    { key: 'last7', range: lastDays(7) },
    { key: 'last30', range: lastDays(30) },
    { key: 'last90', range: lastDays(90) },
  ];
};
