import { Readable } from 'node:stream';
import type * as ExcelJS from 'exceljs';
import { excel } from '../../lib/exceljs';

/**
 * Reading uploaded sheets row by row: xlsx through exceljs's streaming reader (no workbook model in
 * memory), csv through a small RFC 4180 parser (quotes, doubled quotes, CR/LF, BOM; UTF-8, or
 * GB18030 as Chinese Excel saves it). Every cell comes out as a trimmed string.
 */
export class TooManyRowsError extends Error {}

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
export const sheetKindOf = (fileName: string, data: Buffer): 'xlsx' | 'csv' | null => {
  if (data.subarray(0, 4).equals(XLSX_MAGIC)) return 'xlsx';
  return /\.csv$/i.test(fileName) ? 'csv' : null;
};

const cellText = (v: ExcelJS.CellValue | undefined): string => {
  if (v == null) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as unknown as Record<string, unknown>;
    if (Array.isArray(o.richText))
      return (o.richText as { text: string }[])
        .map((t) => t.text)
        .join('')
        .trim();
    if ('text' in o && typeof o.text === 'string') return o.text.trim();
    if ('result' in o) return cellText(o.result as ExcelJS.CellValue);
    if ('error' in o) return '';
  }
  return String(v).trim();
};

/** Rows of the first worksheet, at most `maxRows` (header included). */
async function* xlsxRows(data: Buffer, maxRows: number): AsyncGenerator<string[]> {
  const reader = new (excel().stream.xlsx.WorkbookReader)(Readable.from(data), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let n = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as ExcelJS.CellValue[];
      const cells: string[] = [];
      for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
      if (++n > maxRows) throw new TooManyRowsError();
      yield cells;
    }
    return; // the first worksheet only
  }
}

const decodeText = (data: Buffer): string => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
};

/** RFC 4180 rows of a csv text, at most `maxRows`. */
export function* csvRows(text: string, maxRows: number): Generator<string[]> {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const len = text.length;
  let n = 0;
  while (i < len) {
    const row: string[] = [];
    let field = '';
    let quoted = false;
    for (;;) {
      if (i >= len) {
        row.push(field);
        break;
      }
      const ch = text[i] as string;
      if (quoted) {
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            quoted = false;
            i++;
          }
        } else {
          field += ch;
          i++;
        }
        continue;
      }
      if (ch === '"' && field === '') {
        quoted = true;
        i++;
      } else if (ch === ',') {
        row.push(field);
        field = '';
        i++;
      } else if (ch === '\r' || ch === '\n') {
        row.push(field);
        i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
        break;
      } else {
        field += ch;
        i++;
      }
    }
    if (row.length === 1 && row[0] === '') continue; // blank line
    if (++n > maxRows) throw new TooManyRowsError();
    yield row.map((c) => c.trim());
  }
}

/** Every non-blank row of an uploaded sheet (header first), at most `maxRows`. */
export const readSheet = async (kind: 'xlsx' | 'csv', data: Buffer, maxRows: number): Promise<string[][]> => {
  const rows: string[][] = [];
  const source: AsyncIterable<string[]> | Iterable<string[]> =
    kind === 'xlsx' ? xlsxRows(data, maxRows) : csvRows(decodeText(data), maxRows);
  for await (const row of source) {
    if (row.every((c) => c === '')) continue;
    rows.push(row);
  }
  return rows;
};
