import type { BulkResult } from '@educrm/contract/list';

/** What every list endpoint answers (ARCHITECTURE "API conventions"); `totalExact: false` = capped. */
export interface ListResult<T> {
  items: T[];
  total: number;
  totalExact?: boolean;
  page: number;
  pageSize: number;
}

/** Query parameters of a list call: page, pageSize, sort and the filters, as the server reads them. */
export type ListParams = Record<string, string | number | undefined>;

/**
 * Runs one call per id and answers like the server's bulk endpoints ({results, succeeded, failed}),
 * for actions the API offers per record only (enable, disable). Sequential: at most one page of ids.
 */
export const perIdBulk = async (ids: readonly number[], run: (id: number) => Promise<unknown>) => {
  const results: BulkResult['results'] = [];
  for (const id of ids) {
    try {
      await run(id);
      results.push({ id, ok: true, code: 0, msg: 'ok' });
    } catch (error) {
      const e = error as { code?: number; message?: string };
      results.push({ id, ok: false, code: e.code ?? 0, msg: e.message ?? String(error) });
    }
  }
  const succeeded = results.filter((r) => r.ok).length;
  return { results, succeeded, failed: results.length - succeeded } satisfies BulkResult;
};
