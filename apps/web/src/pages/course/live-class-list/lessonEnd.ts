import type { Dayjs } from 'dayjs';

/** A new lesson's length when there is none to keep (the demo's lessons: 90 minutes). */
export const DEFAULT_LESSON_MINUTES = 90;

/**
 * The end to fill in when the start changes: start + the lesson's length, while the end is empty
 * or still the one filled in before (`filled`); undefined = leave the end the user chose alone.
 */
export const endAfterStart = (
  start: Dayjs | null | undefined,
  end: Dayjs | null | undefined,
  filled: Dayjs | null,
  minutes: number,
): Dayjs | undefined => {
  if (!start) return undefined;
  if (end && !(filled && end.isSame(filled))) return undefined;
  return start.add(minutes, 'minute');
};
