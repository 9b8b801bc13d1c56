import { parseSort } from '@educrm/contract';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** ORDER BY from a whitelisted `sort` parameter, always ending on a unique column for stable pages. */
export const orderByOf = (
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreaker: AnyColumn,
): SQL[] => {
  const parts = parseSort(sort)
    .filter((s) => s.field in columns)
    .map((s) => {
      const col = columns[s.field] as AnyColumn;
      return s.desc ? sql`${desc(col)} NULLS LAST` : sql`${asc(col)} NULLS FIRST`;
    });
  return [...(parts.length ? parts : fallback), desc(tieBreaker)];
};

export const offsetOf = (q: { page: number; pageSize: number }) => (q.page - 1) * q.pageSize;

/** Escapes LIKE wildcards so user input matches literally. */
export const likeContains = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const toIso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : new Date(d).toISOString();

export const ok = <T>(data: T) => ({ code: 0 as const, msg: 'ok', data });

/**
 * A route's serializerCompiler for hot list pages whose rows the services build from typed data:
 * the answer is serialised directly instead of being re-validated by zod row by row (~0.4 ms of
 * server CPU per page of 20; bench:clients, bench:orders). The response schema still documents the
 * answer in OpenAPI, and the API tests check the shape.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
