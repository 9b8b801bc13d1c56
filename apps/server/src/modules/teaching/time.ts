/** Shanghai wall-clock times of lessons (UTC+8 all year, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

/** The UTC instant of a Shanghai day and "HH:MM". */
export const shanghaiInstant = (date: string, hhmm: string): Date =>
  new Date(new Date(`${date}T${hhmm}:00Z`).getTime() - OFFSET_MS);

/** The Shanghai "HH:MM" of an instant. */
export const shanghaiTime = (d: Date): string =>
  new Date(d.getTime() + OFFSET_MS).toISOString().slice(11, 16);

/** The Shanghai day of an instant. */
export const shanghaiDay = (d: Date): string => new Date(d.getTime() + OFFSET_MS).toISOString().slice(0, 10);

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string): number => {
  const w = new Date(`${date}T00:00:00Z`).getUTCDay();
  return w === 0 ? 7 : w;
};

/**
 * The days of a weekly rule: every chosen weekday from `from` to `to` (inclusive), minus the
 * skipped days, at most `count` (and at most `max`: one more than it means "too many").
 */
export const seriesDays = (
  rule: { fromDate: string; toDate: string; weekdays: number[]; skipDates: string[]; count: number | null },
  max: number,
): string[] => {
  const skip = new Set(rule.skipDates);
  const days: string[] = [];
  const limit = Math.min(rule.count ?? max + 1, max + 1);
  for (
    let t = new Date(`${rule.fromDate}T00:00:00Z`).getTime();
    t <= new Date(`${rule.toDate}T00:00:00Z`).getTime() && days.length < limit;
    t += DAY_MS
  ) {
    const day = new Date(t).toISOString().slice(0, 10);
    if (rule.weekdays.includes(isoWeekday(day)) && !skip.has(day)) days.push(day);
  }
  return days;
};
