import { formatMessage, isCnMobile, type Language, normalizeMobile } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { type AuditSummary, writeAudit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { offsetOf } from '../../lib/list';
import { inIdOrder, queryNamed } from '../../lib/named-query';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { type ExportColumn, fileDay } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter, ExportService } from '../exports/service';

/** Lists count at most this many rows; beyond it the total is "10,000+" (totalExact: false). */
export const COUNT_CAP = 10_000;

export const auditOf =
  (targetType: string) =>
  (
    tx: DbOrTx,
    p: Principal,
    ip: string,
    action: string,
    id: number,
    summary: AuditSummary,
    detail?: object,
  ) =>
    writeAudit(tx, {
      actorId: p.userId,
      actorName: p.username,
      action,
      targetType,
      targetId: id,
      summary,
      detail: (detail as Record<string, unknown>) ?? null,
      ip,
    });

/** A capped count: exact up to the cap, then `totalExact: false`. */
export const cappedCount = async (db: DbOrTx, from: SQL, cap = COUNT_CAP, orderBy?: SQL) => {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} ${orderBy ? sql`ORDER BY ${orderBy}` : sql``} LIMIT ${cap + 1}) t`,
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, cap), totalExact: n <= cap };
};

/**
 * A list page read as its ids, one over the page (`ids`: `SELECT x.id FROM … WHERE … ORDER BY …`,
 * planned per request: the filters decide the index), then its rows and their display joins by a
 * named prepared statement of constant text (`rows(ids)`, planned once per connection:
 * lib/named-query). A page that is not full is its own exact total; a full one (or a page past the
 * end) asks `count` (bench:courses: the joined page query planned in 1-3 ms per request).
 */
export const pageOfIds = async <R extends { id: number | string }>(
  db: Db,
  q: { page: number; pageSize: number },
  ids: SQL,
  rowsName: string,
  rows: (ids: number[]) => SQL,
  count: () => Promise<{ total: number; totalExact: boolean }>,
): Promise<{ items: R[]; total: number; totalExact: boolean }> => {
  const offset = offsetOf(q);
  const fetched = (
    await queryRows<{ id: number | string }>(db, sql`${ids} LIMIT ${q.pageSize + 1} OFFSET ${offset}`)
  ).map((r) => Number(r.id));
  const pageIds = fetched.slice(0, q.pageSize);
  const [items, total] = await Promise.all([
    pageIds.length
      ? queryNamed<R>(db, rowsName, rows(pageIds)).then((r) => inIdOrder(pageIds, r))
      : Promise.resolve([] as R[]),
    fetched.length <= q.pageSize && (fetched.length > 0 || offset === 0)
      ? Promise.resolve({ total: offset + fetched.length, totalExact: true })
      : count(),
  ]);
  return { items, ...total };
};

/** A CN mobile from any common notation, or a field error. */
export const mobileOf = (raw: string, field = 'mobile') => {
  const m = normalizeMobile(raw);
  if (!isCnMobile(m)) throw fieldError(field, 'mobileInvalid');
  return m;
};

export const num = (v: number | string | null | undefined) => (v == null ? null : Number(v));

export const stamp = () => fileDay();

/** Export column headers per language. */
export const headers = <K extends string>(
  h: Record<Language, Record<K, string>>,
  lang: Language,
): Record<K, string> => h[lang];
export type { ExportColumn };

/**
 * An export of a list: the list's filters without paging and sort, in the caller's language;
 * streamed, or a background job when large (ExportService.respond).
 */
export const exportOf = <Q extends { page?: number; pageSize?: number; sort?: string }, Row>(
  exports: ExportService,
  req: FastifyRequest,
  reply: FastifyReply,
  query: Q,
  exporter: (p: Principal, filters: Omit<Q, 'page' | 'pageSize' | 'sort'>, lang: Language) => Exporter<Row>,
) => {
  const p = principalOf(req);
  const lang = requestLanguage(req);
  const { page: _p, pageSize: _s, sort: _o, ...filters } = query;
  return exports.respond(
    reply,
    exporter(p, filters, lang),
    p,
    requestIp(req),
    formatMessage(lang, 'exportStarted'),
  );
};

/**
 * ORDER BY from a whitelisted `sort` (the schema checked the fields). NOT NULL columns sort plainly
 * so a btree read backwards serves "newest first" (a DESC NULLS LAST order would not match it and
 * sorts the whole table); nullable ones keep empty values last.
 */
export const orderOf = (
  sort: string,
  columns: Record<string, { col: string; nullable?: boolean }>,
  tie: string,
) => {
  const parts = sort
    .split(',')
    .filter(Boolean)
    .map((s) => {
      const c = columns[s.replace(/^-/, '')];
      if (!c) return null;
      const dir = s.startsWith('-') ? 'DESC' : 'ASC';
      return sql.raw(`${c.col} ${dir}${c.nullable ? (dir === 'DESC' ? ' NULLS LAST' : ' NULLS FIRST') : ''}`);
    })
    .filter((p): p is SQL => p !== null);
  const desc = sort.split(',')[0]?.startsWith('-') ?? true;
  return sql.join([...parts, sql.raw(`${tie} ${desc ? 'DESC' : 'ASC'}`)], sql`, `);
};
