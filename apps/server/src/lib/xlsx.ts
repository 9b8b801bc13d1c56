import type { Writable } from 'node:stream';
import { excel } from './exceljs';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface ExportColumn<Row> {
  header: string;
  width?: number;
  value: (row: Row) => CellValue;
}

/**
 * Formula injection guard (ASVS 5.0 1.2.10): a text cell starting with = + - @ tab or CR gets a
 * leading quote, so no spreadsheet ever evaluates user input.
 */
export const safeCell = (value: CellValue): CellValue =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The business time zone (Asia/Shanghai, UTC+8 all year: no daylight saving). */
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/** An instant as the API writes it (toIso): `2026-11-24T11:39:12.547Z`. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/**
 * An instant (Date or ISO UTC string) as a spreadsheet date cell showing Beijing wall-clock time.
 * Spreadsheet dates carry no zone, so the value is the Shanghai local time written as if UTC
 * (exceljs stores a Date by its UTC fields). Anything else: null.
 */
export const shanghaiDateCell = (value: CellValue): Date | null => {
  const instant =
    value instanceof Date
      ? value
      : typeof value === 'string' && ISO_INSTANT.test(value)
        ? new Date(value)
        : null;
  if (!instant || Number.isNaN(instant.getTime())) return null;
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
};

/**
 * The business day (Asia/Shanghai) an export file is named by: `clients-2026-11-28.xlsx` for an
 * export made at 07:00 in Beijing, which is still the 27th in UTC.
 */
export const fileDay = (now = new Date()): string =>
  new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Streams rows into an xlsx written to `out`, batch by batch, never holding the whole sheet in
 * memory. Calls onProgress with the number of rows written so far.
 */
export const writeXlsx = async <Row>(
  out: Writable,
  sheetName: string,
  columns: ExportColumn<Row>[],
  batches: AsyncIterable<Row[]>,
  onProgress?: (written: number) => Promise<void> | void,
): Promise<number> => {
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  for await (const batch of batches) {
    for (const row of batch) {
      const values = columns.map((c) => c.value(row));
      const added = sheet.addRow(values.map((v) => shanghaiDateCell(v) ?? safeCell(v) ?? null));
      // Times are real date cells (sortable, filterable) shown in the business time zone.
      values.forEach((v, i) => {
        if (shanghaiDateCell(v)) added.getCell(i + 1).numFmt = DATE_TIME_FORMAT;
      });
      added.commit();
    }
    written += batch.length;
    await onProgress?.(written);
  }
  sheet.commit();
  await workbook.commit();
  return written;
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266 filename with a UTF-8 variant, for Chinese file names. */
export const attachmentHeader = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
