import { formatMessage, isCnMobile, type Language, normalizeMobile } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type DbOrTx, queryRows } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { fieldError } from '../../lib/errors';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ExportColumn } from '../../lib/xlsx';
import type { Principal } from '../../types';
import type { Exporter, ExportService } from '../exports/service';

/** Lists count at most this many rows; beyond it the total is "10,000+" (totalExact: false). */
export const COUNT_CAP = 10_000;

export const auditOf =
  (targetType: string) =>
  (tx: DbOrTx, p: Principal, ip: string, action: string, id: number, summary: string, detail?: object) =>
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

/** A CN mobile from any common notation, or a field error. */
export const mobileOf = (raw: string, field = 'mobile') => {
  const m = normalizeMobile(raw);
  if (!isCnMobile(m)) throw fieldError(field, 'mobileInvalid');
  return m;
};

export const num = (v: number | string | null | undefined) => (v == null ? null : Number(v));

export const stamp = () => new Date().toISOString().slice(0, 10);

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
