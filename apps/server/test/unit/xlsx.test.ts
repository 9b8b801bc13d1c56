import { describe, expect, it } from 'vitest';
import { safeCell } from '../../src/lib/xlsx';

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
