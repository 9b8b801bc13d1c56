import { describe, expect, test } from 'vitest';
import { fileNameOf, jobPercent } from './exports';

describe('fileNameOf', () => {
  test('the RFC 5987 name wins and is decoded; else the plain one', () => {
    expect(
      fileNameOf(
        `attachment; filename="admin-users-2026-01-01.xlsx"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx`,
      ),
    ).toBe('用户.xlsx');
    expect(fileNameOf('attachment; filename="audit-log.xlsx"')).toBe('audit-log.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(`attachment; filename="ok.xlsx"; filename*=UTF-8''%E0%A4%A`)).toBe('ok.xlsx');
  });
});

describe('jobPercent', () => {
  test('progress of a background export', () => {
    expect(jobPercent({ status: 'RUNNING', processed: 0, total: null })).toBe(0);
    expect(jobPercent({ status: 'RUNNING', processed: 30_000, total: 60_000 })).toBe(50);
    expect(jobPercent({ status: 'RUNNING', processed: 60_000, total: 60_000 })).toBe(99);
    expect(jobPercent({ status: 'DONE', processed: 60_000, total: 60_000 })).toBe(100);
  });
});
