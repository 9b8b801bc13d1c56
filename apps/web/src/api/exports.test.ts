import { afterEach, describe, expect, test, vi } from 'vitest';
import { EXPORT_TIMEOUT_MS, fileNameOf, jobPercent, startExport } from './exports';
import { http } from './http';

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

describe('startExport', () => {
  const respond = (status: number, body: Blob, headers: Record<string, string>) =>
    vi
      .spyOn(http, 'get')
      .mockResolvedValueOnce({ status, data: body, headers, statusText: '', config: {} } as never);

  afterEach(() => vi.restoreAllMocks());

  test('a streamed xlsx comes back as a file with the server-given name', async () => {
    const xlsx = new Blob(['PK...'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const get = respond(200, xlsx, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="audit-log-2026-01-01.xlsx"; filename*=UTF-8''audit-log-2026-01-01.xlsx`,
    });
    const result = await startExport('/v1/system/audit-log/export', { action: 'auth.login' });
    expect(result).toEqual({ kind: 'file', blob: xlsx, fileName: 'audit-log-2026-01-01.xlsx' });
    expect(get).toHaveBeenCalledWith('/v1/system/audit-log/export', {
      params: { action: 'auth.login' },
      responseType: 'blob',
      timeout: EXPORT_TIMEOUT_MS,
    });
  });

  test('202 (over 50,000 rows) answers the background job to poll', async () => {
    const job = {
      id: 'j1',
      status: 'RUNNING',
      processed: 0,
      total: 60_000,
      downloadUrl: null,
      expiresAt: null,
      error: null,
    };
    respond(
      202,
      new Blob([JSON.stringify({ code: 0, msg: 'started', data: job })], { type: 'application/json' }),
      {
        'content-type': 'application/json; charset=utf-8',
      },
    );
    expect(await startExport('/v1/system/admin-users/export', {})).toEqual({ kind: 'job', job });
  });
});
