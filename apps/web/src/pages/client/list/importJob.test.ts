import { describe, expect, test } from 'vitest';
import { importFileProblem, importPercent, importSummary, skippedRows } from './importJob';

describe('import dialog helpers', () => {
  test('accepts xlsx and csv up to 20 MB only', () => {
    expect(importFileProblem({ name: '名单.XLSX', size: 100 })).toBeNull();
    expect(importFileProblem({ name: 'a.csv', size: 100 })).toBeNull();
    expect(importFileProblem({ name: 'a.xls', size: 100 })).toBe('client.import.wrongType');
    expect(importFileProblem({ name: 'a.csv', size: 0 })).toBe('client.import.emptyFile');
    expect(importFileProblem({ name: 'a.csv', size: 21 * 1024 * 1024 })).toBe('client.import.tooLarge');
  });

  test('progress: 0 without a total, never 100 before done', () => {
    expect(importPercent({ status: 'RUNNING', processed: 0, total: null })).toBe(0);
    expect(importPercent({ status: 'RUNNING', processed: 50, total: 200 })).toBe(25);
    expect(importPercent({ status: 'RUNNING', processed: 200, total: 200 })).toBe(99);
    expect(importPercent({ status: 'DONE', processed: 10, total: 10 })).toBe(100);
  });

  test('summary lines in the contract order, missing outcomes as 0', () => {
    const lines = importSummary({ CREATED: 3, INVALID: 2, DUPLICATE_OTHER: 1 });
    expect(lines.map((l) => [l.outcome, l.count])).toEqual([
      ['CREATED', 3],
      ['DUPLICATE_MINE', 0],
      ['DUPLICATE_OTHER', 1],
      ['DUPLICATE_POOL', 0],
      ['DUPLICATE_DELETED', 0],
      ['INVALID', 2],
    ]);
    expect(lines.find((l) => l.outcome === 'DUPLICATE_OTHER')?.tone).toBe('error');
    expect(skippedRows({ CREATED: 3, INVALID: 2, DUPLICATE_OTHER: 1 })).toBe(3);
  });
});
