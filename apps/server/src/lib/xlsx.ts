import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
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
      sheet.addRow(columns.map((c) => safeCell(c.value(row)) ?? null)).commit();
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
