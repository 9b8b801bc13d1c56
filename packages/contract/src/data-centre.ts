import { z } from 'zod';

/**
 * The data centre (DOMAIN 2): the metric dictionary M01-M24 and P01-P07, the queries of its five
 * pages and their answers. Every figure comes with the list filter it counts (`drill`), so the page
 * links each number to the list that shows its rows.
 */

export const SALES_METRICS = [
  'M01',
  'M02',
  'M03',
  'M04',
  'M05',
  'M06',
  'M07',
  'M08',
  'M08A',
  'M09',
  'M10',
  'M10S',
  'M11',
  'M12',
  'M13',
  'M14',
  'M15',
  'M16',
  'M17',
  'M18',
  'M19',
  'M19A',
  'M20',
  'M22',
  'M22O',
  'M23',
  'M23C',
  'M24',
] as const;
export type SalesMetric = (typeof SALES_METRICS)[number];

export const PRODUCT_METRICS = ['P01', 'P02', 'P03', 'P04', 'P04N', 'P05', 'P06', 'P07'] as const;
export type ProductMetric = (typeof PRODUCT_METRICS)[number];

/** How a figure is shown: a count, money in fen, a ratio (0..1), seconds, days. */
export const METRIC_UNITS = ['count', 'fen', 'ratio', 'seconds', 'days'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];
export const SALES_METRIC_UNITS: Record<SalesMetric, MetricUnit> = {
  M01: 'count',
  M02: 'count',
  M03: 'count',
  M04: 'count',
  M05: 'count',
  M06: 'count',
  M07: 'ratio',
  M08: 'seconds',
  M08A: 'seconds',
  M09: 'count',
  M10: 'count',
  M10S: 'count',
  M11: 'count',
  M12: 'fen',
  M13: 'fen',
  M14: 'count',
  M15: 'fen',
  M16: 'count',
  M17: 'count',
  M18: 'count',
  M19: 'fen',
  M19A: 'fen',
  M20: 'ratio',
  M22: 'ratio',
  M22O: 'ratio',
  M23: 'count',
  M23C: 'count',
  M24: 'days',
};
export const PRODUCT_METRIC_UNITS: Record<ProductMetric, MetricUnit> = {
  P01: 'count',
  P02: 'count',
  P03: 'fen',
  P04: 'fen',
  P04N: 'count',
  P05: 'fen',
  P06: 'count',
  P07: 'ratio',
};

export const DATA_DIMENSIONS = ['all', 'dept', 'sales', 'channel', 'platform'] as const;
export type DataDimension = (typeof DATA_DIMENSIONS)[number];
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const PRODUCT_LEVELS = ['spu', 'sku'] as const;

/**
 * A business day (Asia/Shanghai calendar day): a real one (2026-02-30, 2026-13-01 are refused), in
 * years PostgreSQL and the charts can take.
 */
export const businessDate = z.iso
  .date({ message: 'msg:invalidValue' })
  .refine((d) => d >= '1900-01-01' && d <= '2999-12-31', 'msg:invalidValue');

/** At most a little over a year per request (DOMAIN 2: ranges up to one year). */
export const MAX_RANGE_DAYS = 400;

const range = {
  from: businessDate,
  to: businessDate,
};

/** Keys of a dimension per history page (per sales can be thousands of users): the top 20 by default. */
export const SERIES_PAGE_SIZE = 20;
export const SERIES_MAX_PAGE_SIZE = 100;
const intFromQuery = (min: number, max: number) =>
  z.coerce.number({ message: 'msg:invalidValue' }).int().min(min).max(max);

export const salesSeriesQuery = z.object({
  ...range,
  granularity: z.enum(GRANULARITIES).default('day'),
  dimension: z.enum(DATA_DIMENSIONS).default('all'),
  /**
   * The dimension's keys are ranked by `sort` over the whole range (`order`, ties by key) and
   * paged: the rows and totals are those of the page's keys only (the export: every key).
   */
  page: intFromQuery(1, 1_000_000).default(1),
  pageSize: intFromQuery(1, SERIES_MAX_PAGE_SIZE).default(SERIES_PAGE_SIZE),
  sort: z.enum(SALES_METRICS).default('M12'),
  order: z.enum(['desc', 'asc']).default('desc'),
});
export type SalesSeriesQuery = z.infer<typeof salesSeriesQuery>;

/** A list page and the filter that shows the rows a figure counts. */
export const drillLink = z.object({ path: z.string(), query: z.record(z.string(), z.string()) });
export type DrillLink = z.infer<typeof drillLink>;

/** The list filters of a figure: the list page and the filter that shows the rows it counts. */
export interface DrillScope {
  from: string;
  to: string;
  dimension: DataDimension;
  key: number;
}
/**
 * Drill-down links (the server's answers, and the daily page's rows, built by the page from the
 * row's keys) are page URLs in the list pages' own URL form (business days YYYY-MM-DD, turned
 * into the Shanghai day's first and last instant by the list, as its own date filter does).
 */
export const salesDrill = (s: DrillScope): Partial<Record<SalesMetric, DrillLink>> => {
  const start = s.from;
  const end = s.to;
  const k = s.key > 0 ? String(s.key) : null;
  const orderDim: Record<string, string> = {};
  if (k && s.dimension === 'sales') orderDim.salesUserId = k;
  if (k && s.dimension === 'dept') orderDim.salesDeptId = k;
  if (k && s.dimension === 'channel') orderDim.channelId = k;
  if (k && s.dimension === 'platform') orderDim.sourcePlatformId = k;
  const orders: DrillLink = { path: '/order/list', query: { payFrom: start, payTo: end, ...orderDim } };
  const out: Partial<Record<SalesMetric, DrillLink>> = { M11: orders, M12: orders, M16: orders, M19: orders };
  if (s.dimension === 'all' || s.dimension === 'sales' || s.dimension === 'dept') {
    const fu: Record<string, string> = { from: start, to: end };
    if (k && s.dimension === 'sales') fu.createdBy = k;
    if (k && s.dimension === 'dept') fu.creatorDeptId = k;
    const followUps: DrillLink = { path: '/client/follow-record-list', query: fu };
    out.M03 = followUps;
    out.M04 = followUps;
  }
  const cl: Record<string, string> = { createdFrom: start, createdTo: end };
  if (k && s.dimension === 'channel') cl.channelId = k;
  if (k && s.dimension === 'platform') cl.sourcePlatformId = k;
  if (s.dimension !== 'sales' && s.dimension !== 'dept') out.M01 = { path: '/client/list', query: cl };
  return out;
};

const metricValues = z.record(z.string(), z.number().nullable());

export const salesSeriesRow = z.object({
  /** First day of the bucket (day, ISO week from Monday, month). */
  bucket: businessDate,
  /** The dimension's id (0: none, e.g. the pool or no channel). */
  key: z.number().int(),
  name: z.string().nullable(),
  metrics: metricValues,
  drill: z.record(z.string(), drillLink),
});
export type SalesSeriesRow = z.infer<typeof salesSeriesRow>;

/**
 * When today's figures of an answer were read (ISO time): the server keeps today's events for a
 * short time (the past days are exact); null when the answer holds no day from today on.
 */
const asOf = z.string().nullable();

export const salesSeries = z.object({
  from: businessDate,
  to: businessDate,
  granularity: z.enum(GRANULARITIES),
  dimension: z.enum(DATA_DIMENSIONS),
  /** The page's keys per bucket (ordered by bucket, then by the keys' rank). */
  rows: z.array(salesSeriesRow),
  /** The whole range, per key of the page, in rank order. */
  totals: z.array(salesSeriesRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Keys of the dimension with figures in the range (all pages). */
  keyCount: z.number().int(),
  sort: z.enum(SALES_METRICS),
  order: z.enum(['desc', 'asc']),
  asOf,
});
export type SalesSeries = z.infer<typeof salesSeries>;

export const kpiCard = z.object({
  code: z.enum(SALES_METRICS),
  value: z.number().nullable(),
  reference: z.number().nullable(),
  drill: drillLink.nullable(),
});
export type KpiCard = z.infer<typeof kpiCard>;

export const overviewQuery = z.object({ date: businessDate.optional() });
export const FUNNEL_STAGES = ['NEW', 'CONTACTED', 'INTENT', 'TRIAL', 'DEAL'] as const;
export const dataOverview = z.object({
  date: businessDate,
  /** Today (or the date) against the day before. */
  day: z.array(kpiCard),
  /** Month to date against the same days of the month before. */
  month: z.array(kpiCard),
  /** 30 days to the date: M12, M13, M15 per day. */
  trend: z.array(z.object({ date: businessDate, M12: z.number(), M13: z.number(), M15: z.number() })),
  /** The month's new clients by the furthest stage reached. */
  funnel: z.array(z.object({ stage: z.enum(FUNNEL_STAGES), count: z.number().int() })),
  topSales: z.array(z.object({ key: z.number().int(), name: z.string().nullable(), value: z.number() })),
  byChannel: z.array(z.object({ key: z.number().int(), name: z.string().nullable(), value: z.number() })),
  byPlatform: z.array(z.object({ key: z.number().int(), name: z.string().nullable(), value: z.number() })),
  asOf,
});
export type DataOverview = z.infer<typeof dataOverview>;

export const dailyQuery = z.object({ date: businessDate });
export const dailyRow = z.object({
  kind: z.enum(['user', 'dept', 'total']),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  deptId: z.number().int().nullable(),
  deptName: z.string().nullable(),
  metrics: metricValues,
  // No drill links: the page builds them from the row's keys (salesDrill; six links per row of
  // 2,000 sales were a third of the reply).
});
export type DailyRow = z.infer<typeof dailyRow>;
export const dataDaily = z.object({ date: businessDate, rows: z.array(dailyRow), asOf });
export type DataDaily = z.infer<typeof dataDaily>;

export const cohortQuery = z.object({ ...range });
export const cohortRow = z.object({
  month: z.string(),
  clients: z.number().int(),
  d7: z.number().nullable(),
  d30: z.number().nullable(),
  d90: z.number().nullable(),
});
export const dataCohort = z.object({ rows: z.array(cohortRow) });
export type DataCohort = z.infer<typeof dataCohort>;

export const productQuery = z.object({
  ...range,
  level: z.enum(PRODUCT_LEVELS).default('spu'),
  categoryId: z.coerce.number().int().positive().optional(),
  sourcePlatformId: z.coerce.number().int().min(0).optional(),
  channelId: z.coerce.number().int().min(0).optional(),
  status: z.enum(['ON', 'OFF']).optional(),
});
export type ProductQuery = z.infer<typeof productQuery>;
export const productStatRow = z.object({
  date: businessDate.nullable(),
  spuId: z.number().int(),
  skuId: z.number().int().nullable(),
  name: z.string(),
  spec: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  metrics: metricValues,
  drill: z.record(z.string(), drillLink),
});
export type ProductStatRow = z.infer<typeof productStatRow>;
export const productDaily = z.object({ rows: z.array(productStatRow), totals: metricValues, asOf });
export type ProductDaily = z.infer<typeof productDaily>;
export const productOverview = z.object({
  /** Range totals per product, ranked by P05. */
  rows: z.array(productStatRow),
  byCategory: z.array(z.object({ key: z.number().int(), name: z.string().nullable(), value: z.number() })),
  /** Daily P03 of the top five products. */
  trend: z.array(z.object({ date: businessDate, spuId: z.number().int(), value: z.number() })),
  priceBands: z.array(z.object({ band: z.string(), orders: z.number().int(), amount: z.number() })),
  asOf,
});
export type ProductOverview = z.infer<typeof productOverview>;

export const rebuildBody = z.object({ from: businessDate, to: businessDate }).strict();
export const rebuildStarted = z.object({ jobId: z.string().nullable(), days: z.number().int() });

type MetricLabels = Record<SalesMetric | ProductMetric, string>;
/** Metric names per language (pages, chart legends and exports share them). */
export const METRIC_LABELS: Record<'zh' | 'en' | 'es' | 'ja', MetricLabels> = {
  zh: {
    M01: '新增客户数',
    M02: '分配/领取客户数',
    M03: '跟进次数',
    M04: '跟进客户数',
    M05: '外呼次数',
    M06: '接通次数',
    M07: '接通率',
    M08: '通话时长',
    M08A: '平均通话',
    M09: '新增企微好友',
    M10: '企微流失',
    M10S: '员工删除客户',
    M11: '支付订单数',
    M12: '支付金额',
    M13: '退款金额',
    M14: '退款订单数',
    M15: '净收入',
    M16: '成交客户数',
    M17: '新成交客户数',
    M18: '复购客户数',
    M19: '客单价',
    M19A: 'ARPPU',
    M20: '新客转化率(当期)',
    M22: '退款率(金额)',
    M22O: '退款率(订单)',
    M23: '掉入公海数',
    M23C: '公海领取数',
    M24: '成交周期(天)',
    P01: '支付订单数',
    P02: '支付件数',
    P03: '支付金额',
    P04: '退款金额',
    P04N: '退款笔数',
    P05: '净收入',
    P06: '购买客户数',
    P07: '新客占比',
  },
  en: {
    M01: 'New clients',
    M02: 'Assigned / claimed',
    M03: 'Follow-ups',
    M04: 'Clients followed',
    M05: 'Outbound calls',
    M06: 'Answered calls',
    M07: 'Answer rate',
    M08: 'Talk time',
    M08A: 'Average call',
    M09: 'New WeCom friends',
    M10: 'WeCom lost',
    M10S: 'Removed by staff',
    M11: 'Paid orders',
    M12: 'Paid amount',
    M13: 'Refunds',
    M14: 'Refunded orders',
    M15: 'Net revenue',
    M16: 'Paying clients',
    M17: 'New paying clients',
    M18: 'Repeat clients',
    M19: 'Average order',
    M19A: 'ARPPU',
    M20: 'New-client conversion (flow)',
    M22: 'Refund rate (amount)',
    M22O: 'Refund rate (orders)',
    M23: 'Into the pool',
    M23C: 'Claimed from pool',
    M24: 'Deal cycle (days)',
    P01: 'Paid orders',
    P02: 'Units paid',
    P03: 'Paid amount',
    P04: 'Refunds',
    P04N: 'Refunded lines',
    P05: 'Net revenue',
    P06: 'Buyers',
    P07: 'New-buyer share',
  },
  es: {
    M01: 'Clientes nuevos',
    M02: 'Asignados / reclamados',
    M03: 'Seguimientos',
    M04: 'Clientes seguidos',
    M05: 'Llamadas salientes',
    M06: 'Llamadas atendidas',
    M07: 'Tasa de respuesta',
    M08: 'Tiempo de conversación',
    M08A: 'Llamada media',
    M09: 'Nuevos amigos WeCom',
    M10: 'Perdidos en WeCom',
    M10S: 'Eliminados por el personal',
    M11: 'Pedidos pagados',
    M12: 'Importe pagado',
    M13: 'Reembolsos',
    M14: 'Pedidos reembolsados',
    M15: 'Ingresos netos',
    M16: 'Clientes pagadores',
    M17: 'Nuevos clientes pagadores',
    M18: 'Clientes recurrentes',
    M19: 'Pedido medio',
    M19A: 'ARPPU',
    M20: 'Conversión de nuevos (flujo)',
    M22: 'Tasa de reembolso (importe)',
    M22O: 'Tasa de reembolso (pedidos)',
    M23: 'Al fondo común',
    M23C: 'Reclamados del fondo',
    M24: 'Ciclo de venta (días)',
    P01: 'Pedidos pagados',
    P02: 'Unidades pagadas',
    P03: 'Importe pagado',
    P04: 'Reembolsos',
    P04N: 'Líneas reembolsadas',
    P05: 'Ingresos netos',
    P06: 'Compradores',
    P07: 'Proporción de nuevos',
  },
  ja: {
    M01: '新規顧客数',
    M02: '割当/受取顧客数',
    M03: 'フォロー回数',
    M04: 'フォロー顧客数',
    M05: '発信回数',
    M06: '接続回数',
    M07: '接続率',
    M08: '通話時間',
    M08A: '平均通話',
    M09: '企業 WeChat 新規友だち',
    M10: '企業 WeChat 離脱',
    M10S: 'スタッフによる削除',
    M11: '支払注文数',
    M12: '支払金額',
    M13: '返金額',
    M14: '返金注文数',
    M15: '純収入',
    M16: '成約顧客数',
    M17: '新規成約顧客数',
    M18: 'リピート顧客数',
    M19: '客単価',
    M19A: 'ARPPU',
    M20: '新規転換率(当期)',
    M22: '返金率(金額)',
    M22O: '返金率(注文)',
    M23: '公海への移動数',
    M23C: '公海からの受取数',
    M24: '成約周期(日)',
    P01: '支払注文数',
    P02: '支払点数',
    P03: '支払金額',
    P04: '返金額',
    P04N: '返金明細数',
    P05: '純収入',
    P06: '購入顧客数',
    P07: '新規顧客比率',
  },
};
