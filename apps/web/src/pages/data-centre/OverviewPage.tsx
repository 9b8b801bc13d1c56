import { type KpiCard, SALES_METRIC_UNITS } from '@educrm/contract/data-centre';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Spin } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataKeys, getOverview } from '../../api/data-centre';
import { EChart } from './EChart';
import { AsOf, axisLabel, Drill, formatMetric, Panel, today, useMetricLabel } from './shared';

const Kpis = ({ cards, testId }: { cards: KpiCard[]; testId: string }) => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  return (
    <div className="data-kpis" data-testid={testId}>
      {cards.map((c) => {
        const unit = SALES_METRIC_UNITS[c.code];
        const diff = c.value != null && c.reference != null ? c.value - c.reference : null;
        return (
          <div key={c.code} className="data-kpi" data-code={c.code}>
            <div className="data-kpi-label">{label(c.code)}</div>
            <div className="data-kpi-value">
              <Drill link={c.drill}>{formatMetric(unit, c.value)}</Drill>
            </div>
            <div className="data-kpi-ref">
              {t('dataCentre.reference')} {formatMetric(unit, c.reference)}
              {diff != null && diff !== 0 ? (
                <span className={diff > 0 ? 'data-kpi-up' : 'data-kpi-down'}>
                  {' '}
                  {diff > 0 ? '▲' : '▼'} {formatMetric(unit, Math.abs(diff))}
                </span>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
};

const donut = (rows: { name: string | null; value: number }[], none: string) => ({
  tooltip: { trigger: 'item', valueFormatter: (v: number) => formatMetric('fen', v) },
  legend: { bottom: 0, type: 'scroll' },
  series: [
    {
      type: 'pie',
      radius: ['45%', '70%'],
      data: rows.map((r) => ({ name: r.name ?? none, value: r.value })),
      label: { formatter: '{d}%' },
    },
  ],
});

/** 数据概览: KPI cards with their comparison, the 30-day revenue trend, funnel, ranking and donuts. */
const OverviewPage = () => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  const [date, setDate] = useState(today());
  const q = useQuery({ queryKey: dataKeys.of('overview', { date }), queryFn: () => getOverview(date) });
  const o = q.data;
  const none = t('dataCentre.none');
  const options = useMemo(() => {
    if (!o) return null;
    return {
      trend: {
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMetric('fen', v) },
        legend: { top: 0 },
        grid: { left: 60, right: 16, top: 36, bottom: 28 },
        xAxis: { type: 'category', data: o.trend.map((r) => r.date.slice(5)) },
        yAxis: { type: 'value', axisLabel: { formatter: axisLabel('fen') } },
        series: (['M12', 'M13', 'M15'] as const).map((code) => ({
          name: label(code),
          type: 'line',
          smooth: true,
          data: o.trend.map((r) => r[code]),
        })),
      },
      funnel: {
        tooltip: { trigger: 'item' },
        series: [
          {
            type: 'funnel',
            sort: 'none',
            // The funnel on the left, its labels in a column on the right with room for the longest
            // ("Contactado: 1,234"): a label past the chart's edge is cut ("Nuevo: 1" for 17).
            left: '3%',
            width: '55%',
            label: {
              position: 'right',
              formatter: (p: { name: string; value: number }) =>
                `${p.name}: ${formatMetric('count', p.value)}`,
            },
            data: o.funnel.map((f) => ({ name: t(`dataCentre.stage.${f.stage}`), value: f.count })),
          },
        ],
      },
      top: {
        tooltip: { trigger: 'axis', valueFormatter: (v: number) => formatMetric('fen', v) },
        grid: { left: 90, right: 24, top: 8, bottom: 24 },
        xAxis: { type: 'value', axisLabel: { formatter: axisLabel('fen') } },
        yAxis: { type: 'category', inverse: true, data: o.topSales.map((s) => s.name ?? none) },
        series: [{ name: label('M15'), type: 'bar', data: o.topSales.map((s) => s.value) }],
      },
      channel: donut(o.byChannel, none),
      platform: donut(o.byPlatform, none),
    };
  }, [o, label, t, none]);

  return (
    <div className="page-container data-page" data-testid="data-overview-page">
      <div className="data-toolbar">
        <DatePicker
          aria-label={t('dataCentre.date')}
          allowClear={false}
          value={dayjs(date)}
          onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
        />
        <AsOf at={o?.asOf} />
      </div>
      {q.isLoading ? <Spin /> : null}
      {o && options ? (
        <>
          <Panel title={t('dataCentre.todayVsYesterday')}>
            <Kpis cards={o.day} testId="data-kpis-day" />
          </Panel>
          <Panel title={t('dataCentre.monthVsLast')}>
            <Kpis cards={o.month} testId="data-kpis-month" />
          </Panel>
          <Panel title={t('dataCentre.trend')}>
            <EChart option={options.trend} testId="chart-trend" />
          </Panel>
          <div className="data-grid">
            <Panel title={t('dataCentre.funnel')}>
              <EChart option={options.funnel} testId="chart-funnel" />
            </Panel>
            <Panel title={t('dataCentre.topSales')}>
              {o.topSales.length ? (
                <EChart option={options.top} testId="chart-top-sales" />
              ) : (
                <Empty description={t('dataCentre.empty')} />
              )}
            </Panel>
            <Panel title={t('dataCentre.byChannel')}>
              {o.byChannel.length ? (
                <EChart option={options.channel} testId="chart-channel" />
              ) : (
                <Empty description={t('dataCentre.empty')} />
              )}
            </Panel>
            <Panel title={t('dataCentre.byPlatform')}>
              {o.byPlatform.length ? (
                <EChart option={options.platform} testId="chart-platform" />
              ) : (
                <Empty description={t('dataCentre.empty')} />
              )}
            </Panel>
          </div>
        </>
      ) : null}
    </div>
  );
};
export default OverviewPage;
