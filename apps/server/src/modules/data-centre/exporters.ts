import {
  type Language,
  METRIC_LABELS,
  SALES_METRIC_UNITS,
  SALES_METRICS,
  type SalesSeries,
  type SalesSeriesRow,
} from '@educrm/contract';
import type { CellValue } from '../../lib/xlsx';
import type { Exporter } from '../exports/service';

const H = {
  zh: { bucket: '日期', name: '维度', total: '合计', none: '无', all: '全部' },
  en: { bucket: 'Date', name: 'Dimension', total: 'Total', none: 'None', all: 'All' },
  es: { bucket: 'Fecha', name: 'Dimensión', total: 'Total', none: 'Ninguno', all: 'Todo' },
  ja: { bucket: '日付', name: 'ディメンション', total: '合計', none: 'なし', all: 'すべて' },
};

/** Money in yuan, ratios in percent, other figures as they are (numbers, never formulas). */
const cell = (code: (typeof SALES_METRICS)[number], v: number | null | undefined): CellValue => {
  if (v == null) return null;
  const unit = SALES_METRIC_UNITS[code];
  if (unit === 'fen') return v / 100;
  if (unit === 'ratio') return Math.round(v * 10_000) / 100;
  if (unit === 'days') return Math.round(v * 10) / 10;
  // Whole seconds and counts, as the page shows them (an average is not 217.42857142857142).
  return Math.round(v);
};

/** History export: the table rows, then the range totals (the same figures as the page). */
export const seriesExporter = (
  s: SalesSeries,
  lang: Language,
): Exporter<SalesSeriesRow & { total?: boolean }> => {
  const h = H[lang];
  const labels = METRIC_LABELS[lang];
  const rows = [...s.rows, ...s.totals.map((t) => ({ ...t, total: true }))];
  return {
    kind: 'data-series',
    sheetName: 'data',
    fileName: `data-${s.from}-${s.to}.xlsx`,
    columns: [
      { header: h.bucket, width: 12, value: (r) => (r.total ? h.total : r.bucket) },
      {
        header: h.name,
        width: 16,
        // Without a dimension every row is the whole data ("All", as the page says), not "None".
        value: (r) => (s.dimension === 'all' ? h.all : (r.name ?? (r.key === 0 ? h.none : String(r.key)))),
      },
      ...SALES_METRICS.map((code) => ({
        header: `${labels[code]}${SALES_METRIC_UNITS[code] === 'fen' ? ' (¥)' : SALES_METRIC_UNITS[code] === 'ratio' ? ' (%)' : ''}`,
        width: 14,
        value: (r: SalesSeriesRow) => cell(code, r.metrics[code]),
      })),
    ],
    count: async () => rows.length,
    async *batches() {
      yield rows;
    },
  };
};
