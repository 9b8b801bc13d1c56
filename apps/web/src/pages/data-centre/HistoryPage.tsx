import {
  DATA_DIMENSIONS,
  type DataDimension,
  type Granularity,
  SALES_METRIC_UNITS,
  SALES_METRICS,
  type SalesMetric,
  type SalesSeriesRow,
  SERIES_PAGE_SIZE,
} from '@educrm/contract/data-centre';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Pagination, Segmented, Select, Spin, Table } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataKeys, getCohort, getSeries, SERIES_EXPORT_URL } from '../../api/data-centre';
import { ExportButton } from '../../components/ResourceTable/ExportButton';
import { useCan } from '../../session/useCan';
import { EChart } from './EChart';
import {
  AsOf,
  axisLabel,
  Drill,
  formatMetric,
  Panel,
  type Range,
  RangeBar,
  shortcutRange,
  useMetricLabel,
} from './shared';

/** Heat colour of a conversion share (0..1): white to the theme's blue. */
const heat = (v: number | null) =>
  v == null ? undefined : { background: `rgba(22, 119, 255, ${Math.min(0.85, 0.08 + v * 1.6).toFixed(2)})` };

/** 历史数据: a range, granularity and dimension -> trend chart and the table of M01-M24; cohort table; export. */
const HistoryPage = () => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  const can = useCan();
  const [range, setRange] = useState<Range>(shortcutRange('last30'));
  const [granularity, setGranularity] = useState<Granularity>('day');
  const [dimension, setDimension] = useState<DataDimension>('all');
  const [metric, setMetric] = useState<SalesMetric>('M12');
  // The dimension's keys (per sales: thousands of users) are ranked by the chosen metric and paged.
  const [keyPage, setKeyPage] = useState({ page: 1, pageSize: SERIES_PAGE_SIZE });
  const params = { ...range, granularity, dimension, sort: metric, ...keyPage };
  const exportParams = { ...range, granularity, dimension, sort: metric };
  const firstPage = () => setKeyPage((k) => ({ ...k, page: 1 }));
  // The previous figures stay (and the chart mounted) while a new range or switch loads.
  const q = useQuery({
    queryKey: dataKeys.of('series', params),
    queryFn: () => getSeries(params),
    placeholderData: keepPreviousData,
  });
  const cohort = useQuery({
    queryKey: dataKeys.of('cohort', { ...range }),
    queryFn: () => getCohort({ ...range }),
  });
  const none = t('dataCentre.none');
  const nameOf = useCallback(
    (r: SalesSeriesRow) => (dimension === 'all' ? t('dataCentre.dim.all') : (r.name ?? none)),
    [dimension, t, none],
  );

  const option = useMemo(() => {
    const s = q.data;
    if (!s) return null;
    const buckets = [...new Set(s.rows.map((r) => r.bucket))].sort();
    // One line per key of the page (ranked by the chosen metric on the server), at most 20.
    const keys = s.totals.slice(0, 20).map((r) => r.key);
    const unit = SALES_METRIC_UNITS[metric];
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMetric(unit, v) },
      legend: { top: 0, type: 'scroll' },
      grid: { left: 64, right: 16, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: buckets },
      yAxis: { type: 'value', axisLabel: { formatter: axisLabel(unit) } },
      series: keys.map((key) => {
        const row = s.totals.find((r) => r.key === key);
        const by = new Map(
          s.rows.filter((r) => r.key === key).map((r) => [r.bucket, r.metrics[metric] ?? 0]),
        );
        return {
          name: row ? nameOf(row) : String(key),
          type: 'line',
          smooth: true,
          data: buckets.map((b) => by.get(b) ?? 0),
        };
      }),
    };
  }, [q.data, metric, nameOf]);

  const metricColumns = SALES_METRICS.map((code) => ({
    key: code,
    title: label(code),
    align: 'right' as const,
    width: 120,
    render: (_: unknown, r: SalesSeriesRow) => (
      <Drill link={r.drill[code]}>{formatMetric(SALES_METRIC_UNITS[code], r.metrics[code])}</Drill>
    ),
  }));
  const rows = q.data ? [...q.data.rows, ...q.data.totals.map((r) => ({ ...r, bucket: '' }))] : [];

  return (
    <div className="page-container data-page" data-testid="data-history-page">
      <div className="data-toolbar">
        <RangeBar
          value={range}
          onChange={(r) => {
            setRange(r);
            firstPage();
          }}
        />
        <Segmented
          aria-label={t('dataCentre.granularity')}
          value={granularity}
          onChange={(v) => setGranularity(v as Granularity)}
          options={(['day', 'week', 'month'] as const).map((g) => ({
            value: g,
            label: t(`dataCentre.${g}`),
          }))}
        />
        <Select
          aria-label={t('dataCentre.dimension')}
          value={dimension}
          onChange={(d) => {
            setDimension(d);
            firstPage();
          }}
          style={{ minWidth: 140 }}
          options={DATA_DIMENSIONS.map((d) => ({ value: d, label: t(`dataCentre.dim.${d}`) }))}
        />
        {can('data.export') ? (
          <ExportButton url={SERIES_EXPORT_URL} params={exportParams} fallbackName="data-history.xlsx" />
        ) : null}
        <AsOf at={q.data?.asOf} />
      </div>
      <Panel title={label(metric)}>
        <Select
          aria-label={t('dataCentre.dimension')}
          value={metric}
          onChange={(m) => {
            setMetric(m);
            firstPage();
          }}
          style={{ minWidth: 180, marginBottom: 8 }}
          options={SALES_METRICS.map((m) => ({ value: m, label: label(m) }))}
          data-testid="history-metric"
        />
        {q.isLoading ? <Spin /> : option ? <EChart option={option} testId="chart-history" /> : null}
      </Panel>
      <Panel title={t('dataCentre.total')}>
        {dimension !== 'all' && q.data ? (
          <div className="data-key-pager" data-testid="history-key-pager">
            <Pagination
              size="small"
              current={q.data.page}
              pageSize={q.data.pageSize}
              total={q.data.keyCount}
              showSizeChanger
              pageSizeOptions={[10, 20, 50, 100]}
              showTotal={(total) => `${label(metric)} · ${t('dataCentre.rankedBy', { total })}`}
              onChange={(page, pageSize) =>
                setKeyPage((k) => ({ page: pageSize === k.pageSize ? page : 1, pageSize }))
              }
            />
          </div>
        ) : null}
        <Table<SalesSeriesRow & { bucket: string }>
          data-testid="history-table"
          size="small"
          loading={q.isLoading}
          rowKey={(r) => `${r.bucket}|${r.key}`}
          rowClassName={(r) => (r.bucket === '' ? 'data-row-total' : '')}
          dataSource={rows}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('dataCentre.empty')} /> }}
          columns={[
            {
              key: 'bucket',
              title: t('dataCentre.date'),
              fixed: 'left',
              width: 110,
              render: (_, r) => r.bucket || t('dataCentre.total'),
            },
            {
              key: 'name',
              title: t('dataCentre.dimension'),
              fixed: 'left',
              width: 120,
              render: (_, r) => nameOf(r),
            },
            ...metricColumns,
          ]}
        />
      </Panel>
      <Panel title={t('dataCentre.cohort')} testId="cohort-panel">
        <Table
          size="small"
          loading={cohort.isLoading}
          rowKey="month"
          dataSource={cohort.data?.rows ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('dataCentre.empty')} /> }}
          columns={[
            { key: 'month', dataIndex: 'month', title: t('dataCentre.cohortMonth') },
            { key: 'clients', dataIndex: 'clients', title: t('dataCentre.clients'), align: 'right' },
            ...(['d7', 'd30', 'd90'] as const).map((k) => ({
              key: k,
              title: t(`dataCentre.days${k.slice(1)}`),
              align: 'right' as const,
              onCell: (r: { d7: number | null; d30: number | null; d90: number | null }) => ({
                className: 'data-heat',
                style: heat(r[k]),
              }),
              render: (_: unknown, r: { d7: number | null; d30: number | null; d90: number | null }) =>
                formatMetric('ratio', r[k]),
            })),
          ]}
        />
      </Panel>
    </div>
  );
};
export default HistoryPage;
