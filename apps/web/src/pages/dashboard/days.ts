import { SHANGHAI_OFFSET_MS } from '../../utils/date-range';

/** The Asia/Shanghai calendar day of an instant, 'YYYY-MM-DD' (business days: DOMAIN decision 11). */
export const shanghaiToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** First and last day of the Shanghai month to date: ['2026-03-01', '2026-03-17']. */
export const monthToDate = (now: Date = new Date()): [string, string] => {
  const today = shanghaiToday(now);
  return [`${today.slice(0, 8)}01`, today];
};
