import type { FollowUpRow } from '@educrm/contract/clients';
import dayjs, { type Dayjs } from 'dayjs';

/** Rules of the follow-up forms and lists that the web applies before asking the server. */

/** The author may edit a manual follow-up until `editableUntil` (24 h after writing it). */
export const canEditFollowUp = (
  row: Pick<FollowUpRow, 'createdBy' | 'source' | 'editableUntil'>,
  userId: number | null,
  now: Date = new Date(),
): boolean =>
  userId !== null &&
  row.createdBy === userId &&
  row.source === 'MANUAL' &&
  now.getTime() < Date.parse(row.editableUntil);

/** A next follow-up time must lie in the future (the server checks it again). */
export const isFutureTime = (iso: string | null | undefined, now: Date = new Date()): boolean =>
  !iso || Date.parse(iso) > now.getTime();

/** Whether a pending next follow-up time has passed. */
export const isOverdue = (iso: string | null | undefined, now: Date = new Date()): boolean =>
  Boolean(iso) && Date.parse(iso as string) < now.getTime();

export type NextFollowPresetKey = 'in2h' | 'tomorrow' | 'in3days' | 'nextWeek';

/**
 * Quick picks of the next follow-up time (browser time, like the date picker): in two hours
 * (whole minutes), tomorrow, in three days and in a week, the day ones at 10:00.
 */
export const nextFollowPresets = (now: Date = new Date()): { key: NextFollowPresetKey; value: Dayjs }[] => {
  const base = dayjs(now);
  const at10 = (days: number) => base.add(days, 'day').hour(10).minute(0).second(0).millisecond(0);
  return [
    { key: 'in2h', value: base.add(2, 'hour').second(0).millisecond(0).add(1, 'minute') },
    { key: 'tomorrow', value: at10(1) },
    { key: 'in3days', value: at10(3) },
    { key: 'nextWeek', value: at10(7) },
  ];
};

/** Days left until an instant, rounded up (0 when it has passed); null without one. */
export const daysUntil = (iso: string | null | undefined, now: Date = new Date()): number | null => {
  if (!iso) return null;
  const ms = Date.parse(iso) - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / (24 * 60 * 60 * 1000));
};
