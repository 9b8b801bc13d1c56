import type { DrillLink } from '@educrm/contract/data-centre';
import { METRIC_LABELS } from '@educrm/contract/data-centre';
import { DatePicker, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DateRangeKey } from '../../utils/date-range';
import { businessTime, type Range, shortcutRange } from './format';
import './messages';
import './data.css';

export { addDays, axisLabel, businessDay, formatMetric, type Range, shortcutRange, today } from './format';

export const useMetricLabel = () => {
  const { i18n } = useTranslation();
  const lang = (
    ['zh', 'en', 'es', 'ja'].includes(i18n.language) ? i18n.language : 'en'
  ) as keyof typeof METRIC_LABELS;
  return (code: string) => (METRIC_LABELS[lang] as Record<string, string>)[code] ?? code;
};

/** A figure linking to the list of the rows it counts (drill-down), when there is one. */
export const Drill = ({ link, children }: { link?: DrillLink | null; children: ReactNode }) =>
  link ? (
    <Link className="data-drill" to={`${link.path}?${new URLSearchParams(link.query).toString()}`}>
      {children}
    </Link>
  ) : (
    children
  );

const KEYS: DateRangeKey[] = ['today', 'yesterday', 'last7', 'last30', 'last90'];
/** Shortcuts (today, yesterday, last 7/30/90 days) and a custom range. */
export const RangeBar = ({ value, onChange }: { value: Range; onChange: (r: Range) => void }) => {
  const { t } = useTranslation();
  const active = KEYS.find((k) => {
    const r = shortcutRange(k);
    return r.from === value.from && r.to === value.to;
  });
  return (
    <div className="data-range" data-testid="data-range">
      <Segmented
        value={active ?? ''}
        options={KEYS.map((k) => ({ value: k, label: t(`dateRange.${k}`) }))}
        onChange={(k) => onChange(shortcutRange(k as DateRangeKey))}
      />
      <DatePicker.RangePicker
        aria-label={t('dataCentre.range')}
        allowClear={false}
        value={[dayjs(value.from), dayjs(value.to)]}
        onChange={(v) => {
          const [a, b] = (v ?? []) as [Dayjs | null, Dayjs | null];
          if (a && b) onChange({ from: a.format('YYYY-MM-DD'), to: b.format('YYYY-MM-DD') });
        }}
      />
    </div>
  );
};

export const Panel = ({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) => (
  <section className="data-panel" data-testid={testId}>
    <h2 className="data-panel-title">{title}</h2>
    {children}
  </section>
);

/** When an answer's figures of today were read (the server keeps them for a short time). */
export const AsOf = ({ at }: { at: string | null | undefined }) => {
  const { t } = useTranslation();
  return at ? (
    <div className="data-as-of" data-testid="data-as-of">
      {t('dataCentre.asOf', { time: businessTime(at) })}
    </div>
  ) : null;
};
