import type { AuditListQuery, AuditRow } from '@educrm/contract';
import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { auditLog } from '../../db/schema';
import { offsetOf, orderByOf, toIso } from '../../lib/list';

type Filters = Omit<Partial<AuditListQuery>, 'page' | 'pageSize' | 'sort'>;
/** Counting stops here: the pager shows "10,000+" rather than counting a huge log on every view. */
const COUNT_CAP = 10_000;

const toRow = (r: typeof auditLog.$inferSelect): AuditRow => ({
  id: r.id,
  at: toIso(r.at) as string,
  actorId: r.actorId,
  actorName: r.actorName,
  action: r.action,
  targetType: r.targetType,
  targetId: r.targetId,
  summary: r.summary,
  params: (r.params as Record<string, unknown> | null) ?? null,
  ip: r.ip,
});

/** Read-only view of the append-only audit log (admin). */
export class AuditService {
  constructor(private readonly db: Db) {}

  private where(f: Filters): SQL | undefined {
    return and(
      f.actorId ? eq(auditLog.actorId, f.actorId) : undefined,
      f.action
        ? sql`${auditLog.action} LIKE ${`${f.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
        : undefined,
      f.targetType ? eq(auditLog.targetType, f.targetType) : undefined,
      f.targetId ? eq(auditLog.targetId, f.targetId) : undefined,
      f.from ? gte(auditLog.at, new Date(f.from)) : undefined,
      f.to ? lte(auditLog.at, new Date(f.to)) : undefined,
    );
  }

  async list(q: AuditListQuery) {
    const where = this.where(q);
    const [items, total] = await Promise.all([
      this.db
        .select()
        .from(auditLog)
        .where(where)
        .orderBy(
          ...orderByOf(q.sort, { at: auditLog.at, id: auditLog.id }, [sql`${auditLog.at} DESC`], auditLog.id),
        )
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.count(q, COUNT_CAP + 1),
    ]);
    return {
      items: items.map(toRow),
      total: Math.min(total, COUNT_CAP),
      totalExact: total <= COUNT_CAP,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  async count(f: Filters, cap: number) {
    const where = this.where(f);
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log ${where ? sql`WHERE ${where}` : sql``} LIMIT ${cap}) t`,
    );
    return row?.n ?? 0;
  }

  async *batches(f: Filters): AsyncIterable<AuditRow[]> {
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = await this.db
        .select()
        .from(auditLog)
        .where(and(this.where(f), lt(auditLog.id, before)))
        .orderBy(sql`${auditLog.id} DESC`)
        .limit(2000);
      if (!rows.length) return;
      yield rows.map(toRow);
      before = rows[rows.length - 1]?.id ?? 0;
    }
  }

  /** Distinct actions seen, for the filter's options. */
  async actions(): Promise<string[]> {
    const rows = await queryRows<{ action: string }>(
      this.db,
      sql`SELECT DISTINCT action FROM audit_log ORDER BY action LIMIT 500`,
    );
    return rows.map((r) => r.action);
  }
}
