import type { ProductStatRow } from '@educrm/contract/data-centre';
import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataKeys, getProductOverview } from '../../api/data-centre';
import { EChart } from './EChart';
import { type ProductFilterState, ProductFilters } from './ProductFilters';
import { productMetricColumns, productParams } from './productColumns';
import { AsOf, axisLabel, formatMetric, Panel, shortcutRange, useMetricLabel } from './shared';

/** 商品概览: range totals per product ranked by P05, category donut, top-5 trend, SKU share, price bands. */
const ProductOverviewPage = () => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  const [filters, setFilters] = useState<ProductFilterState>({ ...shortcutRange('last30'), level: 'spu' });
  const params = productParams(filters);
  const q = useQuery({
    queryKey: dataKeys.of('product-overview', params),
    queryFn: () => getProductOverview(params),
  });
  const skuQ = useQuery({
    queryKey: dataKeys.of('product-overview', { ...params, level: 'sku' }),
    queryFn: () => getProductOverview({ ...params, level: 'sku' }),
  });
  const none = t('dataCentre.none');
  const options = useMemo(() => {
    const o = q.data;
    if (!o) return null;
    const dates = [...new Set(o.trend.map((r) => r.date))].sort();
    const names = new Map(o.rows.map((r) => [r.spuId, r.name]));
    const spus = [...new Set(o.trend.map((r) => r.spuId))];
    const money = (v: number) => formatMetric('fen', v);
    const skus = (skuQ.data?.rows ?? []).slice(0, 10);
    return {
      category: {
        tooltip: { trigger: 'item', valueFormatter: money },
        legend: { bottom: 0, type: 'scroll' },
        series: [
          {
            type: 'pie',
            radius: ['45%', '70%'],
            label: { formatter: '{d}%' },
            data: o.byCategory.map((c) => ({ name: c.name ?? none, value: c.value })),
          },
        ],
      },
      trend: {
        tooltip: { trigger: 'axis', valueFormatter: money },
        legend: { top: 0, type: 'scroll' },
        grid: { left: 64, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: dates },
        yAxis: { type: 'value', axisLabel: { formatter: axisLabel('fen') } },
        series: spus.map((spu) => {
          const by = new Map(o.trend.filter((r) => r.spuId === spu).map((r) => [r.date, r.value]));
          return {
            name: names.get(spu) ?? String(spu),
            type: 'line',
            smooth: true,
            data: dates.map((d) => by.get(d) ?? 0),
          };
        }),
      },
      skuShare: {
        tooltip: { trigger: 'axis', valueFormatter: money },
        grid: { left: 140, right: 24, top: 8, bottom: 24 },
        xAxis: { type: 'value', axisLabel: { formatter: axisLabel('fen') } },
        yAxis: { type: 'category', inverse: true, data: skus.map((s) => `${s.name} ${s.spec}`.trim()) },
        series: [{ name: label('P03'), type: 'bar', data: skus.map((s) => s.metrics.P03 ?? 0) }],
      },
      bands: {
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 64, right: 64, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: o.priceBands.map((b) => `¥${b.band}`) },
        yAxis: [
          { type: 'value', axisLabel: { formatter: axisLabel('count') } },
          { type: 'value', axisLabel: { formatter: axisLabel('fen') } },
        ],
        series: [
          { name: t('dataCentre.orders'), type: 'bar', data: o.priceBands.map((b) => b.orders) },
          {
            name: t('dataCentre.amount'),
            type: 'bar',
            yAxisIndex: 1,
            data: o.priceBands.map((b) => b.amount),
          },
        ],
      },
    };
  }, [q.data, skuQ.data, none, label, t]);
  return (
    <div className="page-container data-page" data-testid="data-product-overview-page">
      <ProductFilters value={filters} onChange={setFilters} />
      <AsOf at={q.data?.asOf} />
      {q.isLoading ? <Spin /> : null}
      {options && q.data ? (
        <>
          <div className="data-grid">
            <Panel title={t('dataCentre.categoryShare')}>
              {q.data.byCategory.length ? (
                <EChart option={options.category} testId="chart-category" />
              ) : (
                <Empty description={t('dataCentre.empty')} />
              )}
            </Panel>
            <Panel title={t('dataCentre.productTrend')}>
              <EChart option={options.trend} testId="chart-product-trend" />
            </Panel>
            <Panel title={t('dataCentre.skuShare')}>
              <EChart option={options.skuShare} testId="chart-sku-share" />
            </Panel>
            <Panel title={t('dataCentre.priceBands')}>
              <EChart option={options.bands} testId="chart-price-bands" />
            </Panel>
          </div>
          <Panel title={t('dataCentre.ranking')}>
            <Table<ProductStatRow>
              data-testid="product-ranking-table"
              size="small"
              rowKey={(r) => `${r.spuId}|${r.skuId}`}
              dataSource={q.data.rows}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('dataCentre.empty')} /> }}
              columns={[
                { key: 'rank', title: '#', width: 48, render: (_, _r, i) => i + 1 },
                { key: 'name', dataIndex: 'name', title: t('dataCentre.product'), width: 160 },
                ...(filters.level === 'sku'
                  ? [{ key: 'spec', dataIndex: 'spec', title: t('dataCentre.spec'), width: 140 }]
                  : []),
                { key: 'category', dataIndex: 'categoryName', title: t('dataCentre.category'), width: 120 },
                ...productMetricColumns(label),
              ]}
            />
          </Panel>
        </>
      ) : null}
    </div>
  );
};
export default ProductOverviewPage;
