import { describe, expect, it } from 'vitest';
import { fileDay, safeCell } from '../../src/lib/xlsx';

describe('safeCell (formula injection guard)', () => {
  it('prefixes text starting with = + - @ tab or CR with a quote', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) {
      expect(safeCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
    }
  });
  it('leaves other text, numbers and empty cells alone', () => {
    expect(safeCell('张三 =1')).toBe('张三 =1');
    expect(safeCell('')).toBe('');
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell(null)).toBeNull();
  });
});

describe('writeXlsx date cells (issue 16 item 16)', () => {
  it('writes instants as date cells showing Asia/Shanghai time, other text unchanged', async () => {
    const { PassThrough } = await import('node:stream');
    const ExcelJS = (await import('exceljs')).default;
    const { writeXlsx } = await import('../../src/lib/xlsx');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const rows = [
      { at: '2026-11-24T11:39:12.547Z', d: new Date('2026-01-01T16:30:00Z'), text: '2026-11-24', n: 5 },
    ];
    async function* batches() {
      yield rows;
    }
    await writeXlsx(
      out,
      'test',
      [
        { header: 'at', value: (r: (typeof rows)[number]) => r.at },
        { header: 'd', value: (r: (typeof rows)[number]) => r.d },
        { header: 'text', value: (r: (typeof rows)[number]) => r.text },
        { header: 'n', value: (r: (typeof rows)[number]) => r.n },
      ],
      batches(),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const row = sheet.getRow(2);
    const at = row.getCell(1);
    expect(at.type).toBe(ExcelJS.ValueType.Date);
    // 11:39 UTC is 19:39 in Beijing: the cell shows 2026-11-24 19:39:12.
    expect((at.value as Date).toISOString()).toBe('2026-11-24T19:39:12.547Z');
    expect(at.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // 16:30 UTC on Jan 1 is 00:30 on Jan 2 in Beijing.
    expect((row.getCell(2).value as Date).toISOString()).toBe('2026-01-02T00:30:00.000Z');
    expect(row.getCell(3).value).toBe('2026-11-24');
    expect(row.getCell(4).value).toBe(5);
  });
});

describe('fileDay (export file names)', () => {
  it('names a file by the Shanghai business day, not the UTC one', () => {
    // 23:00 UTC on the 27th is 07:00 on the 28th in Beijing.
    expect(fileDay(new Date('2026-11-27T23:00:00Z'))).toBe('2026-11-28');
    expect(fileDay(new Date('2026-11-27T15:59:59Z'))).toBe('2026-11-27');
  });
});
