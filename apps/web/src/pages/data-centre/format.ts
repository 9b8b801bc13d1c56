import type { MetricUnit } from '@educrm/contract/data-centre';
import { type DateRangeKey, dateRangeShortcuts, SHANGHAI_OFFSET_MS } from '../../utils/date-range';
import { formatMoney, numberFormatter, toThousand } from '../../utils/number';

/** The Asia/Shanghai business day of an instant, as YYYY-MM-DD. */
export const businessDay = (at: Date) =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
export const today = () => businessDay(new Date());
/** The Asia/Shanghai time of day of an instant (ISO text), as HH:mm:ss. */
export const businessTime = (at: string) =>
  new Date(new Date(at).getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(11, 19);
export const addDays = (date: string, n: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

export interface Range {
  from: string;
  to: string;
}
/** The spec's shortcuts as business-day ranges. */
export const shortcutRange = (key: DateRangeKey, now = new Date()): Range => {
  const s = dateRangeShortcuts(now).find((x) => x.key === key) ?? dateRangeShortcuts(now)[0];
  return { from: businessDay(s?.range[0] ?? now), to: businessDay(s?.range[1] ?? now) };
};

/** A figure as its unit says: ¥ for money, % for ratios, separators for counts. */
export const formatMetric = (unit: MetricUnit, v: number | null | undefined): string => {
  if (v == null) return '-';
  switch (unit) {
    case 'fen':
      return formatMoney(v);
    case 'ratio':
      return `${(v * 100).toFixed(1)}%`;
    case 'days':
      return v.toFixed(1);
    case 'seconds':
      return `${toThousand(Math.round(v))}s`;
    default:
      return toThousand(v);
  }
};
/** Axis labels: short (k/M) with the unit. */
export const axisLabel = (unit: MetricUnit) => (v: number) =>
  unit === 'fen'
    ? `¥${numberFormatter(v / 100, 1)}`
    : unit === 'ratio'
      ? `${Math.round(v * 100)}%`
      : numberFormatter(v, 1);
