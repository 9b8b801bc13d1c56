import {
  type DailyRow,
  SALES_METRIC_UNITS,
  type SalesMetric,
  salesDrill,
} from '@educrm/contract/data-centre';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Empty, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataKeys, getDaily } from '../../api/data-centre';
import { dailyLabels } from './dailyLabels';
import { AsOf, addDays, Drill, formatMetric, Panel, today, useMetricLabel } from './shared';

const COLUMNS: SalesMetric[] = [
  'M01',
  'M02',
  'M03',
  'M05',
  'M06',
  'M07',
  'M08',
  'M09',
  'M11',
  'M12',
  'M13',
  'M14',
  'M15',
  'M16',
  'M17',
  'M19',
];

/** A row's drill-down links, from its keys (the answer carries none). */
const drillOf = (date: string, r: DailyRow) =>
  r.kind === 'user' && r.userId === null
    ? {} // the pool's row: no list is filtered to "no owner"
    : r.kind === 'user'
      ? salesDrill({ from: date, to: date, dimension: 'sales', key: r.userId ?? 0 })
      : r.kind === 'dept'
        ? salesDrill({ from: date, to: date, dimension: 'dept', key: r.deptId ?? 0 })
        : salesDrill({ from: date, to: date, dimension: 'all', key: 0 });

/** 每日数据: one day (default yesterday), a row per sales grouped by department with subtotals. */
const DailyPage = () => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  const [date, setDate] = useState(addDays(today(), -1));
  const q = useQuery({ queryKey: dataKeys.of('daily', { date }), queryFn: () => getDaily(date) });
  return (
    <div className="page-container data-page" data-testid="data-daily-page">
      <div className="data-toolbar">
        <DatePicker
          aria-label={t('dataCentre.date')}
          allowClear={false}
          value={dayjs(date)}
          onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
        />
        <AsOf at={q.data?.asOf} />
      </div>
      <Panel title={date}>
        <Table<DailyRow>
          data-testid="daily-table"
          size="small"
          loading={q.isLoading}
          rowKey={(r) => `${r.kind}|${r.deptId}|${r.userId}`}
          rowClassName={(r) =>
            r.kind === 'dept' ? 'data-row-dept' : r.kind === 'total' ? 'data-row-total' : ''
          }
          dataSource={q.data?.rows ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('dataCentre.empty')} /> }}
          columns={[
            {
              key: 'dept',
              title: t('dataCentre.dept'),
              fixed: 'left',
              width: 120,
              render: (_, r) => dailyLabels(t, r)[0],
            },
            {
              key: 'user',
              title: t('dataCentre.sales'),
              fixed: 'left',
              width: 110,
              render: (_, r) => dailyLabels(t, r)[1],
            },
            ...COLUMNS.map((code) => ({
              key: code,
              title: label(code),
              align: 'right' as const,
              width: 110,
              render: (_: unknown, r: DailyRow) => (
                <Drill link={drillOf(q.data?.date ?? date, r)[code]}>
                  {formatMetric(SALES_METRIC_UNITS[code], r.metrics[code])}
                </Drill>
              ),
            })),
          ]}
        />
      </Panel>
    </div>
  );
};
export default DailyPage;
