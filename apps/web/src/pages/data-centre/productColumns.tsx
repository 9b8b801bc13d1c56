import { PRODUCT_METRIC_UNITS, PRODUCT_METRICS, type ProductStatRow } from '@educrm/contract/data-centre';
import { Drill, formatMetric } from './shared';

/** P01-P07 columns of the product tables (each figure drills down to the orders it counts). */
export const productMetricColumns = (label: (code: string) => string) =>
  PRODUCT_METRICS.map((code) => ({
    key: code,
    title: label(code),
    align: 'right' as const,
    width: 110,
    render: (_: unknown, r: ProductStatRow) => (
      <Drill link={r.drill[code]}>{formatMetric(PRODUCT_METRIC_UNITS[code], r.metrics[code])}</Drill>
    ),
  }));

export const productParams = (v: {
  from: string;
  to: string;
  level: string;
  sourcePlatformId?: number;
  channelId?: number;
  categoryId?: number;
  status?: string;
}) => ({
  from: v.from,
  to: v.to,
  level: v.level,
  sourcePlatformId: v.sourcePlatformId,
  channelId: v.channelId,
  categoryId: v.categoryId,
  status: v.status,
});
