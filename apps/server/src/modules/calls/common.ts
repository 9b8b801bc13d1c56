import type { OutboundSettings } from '@educrm/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { outboundSetting } from '../../db/schema';
import { type AuditSummary, writeAudit } from '../../lib/audit';
import type { Principal } from '../../types';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
/** HH:MM of `d` in Asia/Shanghai. */
export const shanghaiHhmm = (d: Date) =>
  new Date(d.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(11, 16);
export const insideWindow = (d: Date, start: string, end: string) => {
  const t = shanghaiHhmm(d);
  return start <= t && t < end;
};

export const auditOf = (
  tx: DbOrTx,
  p: Principal | null,
  ip: string | null,
  action: string,
  targetType: string,
  targetId: number | string | null,
  summary: AuditSummary,
  detail?: Record<string, unknown>,
) =>
  writeAudit(tx, {
    actorId: p?.userId ?? null,
    actorName: p?.username ?? null,
    action,
    targetType,
    targetId,
    summary,
    detail: detail ?? null,
    ip,
  });

export const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e.cause?.code ?? e.code) === '23505';
};

/** The caller's department and its ancestors (numbers assigned to any of them may be used). */
export const deptPathOf = async (db: DbOrTx, p: Principal): Promise<number[]> => {
  if (p.departmentId == null) return [];
  const [row] = await queryRows<{ ancestors: (number | string)[] | null }>(
    db,
    sql`SELECT ancestors FROM department WHERE id = ${p.departmentId}`,
  );
  return [p.departmentId, ...(row?.ancestors ?? []).map(Number)];
};

export const bigintArray = (values: readonly number[]): SQL =>
  values.length
    ? sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::bigint[]`
    : sql`'{}'::bigint[]`;

const toSettings = (r: typeof outboundSetting.$inferSelect): OutboundSettings => ({
  connectRateThreshold: r.connectRateThreshold,
  connectRateMinCalls: r.connectRateMinCalls,
  smsWindowStart: r.smsWindowStart,
  smsWindowEnd: r.smsWindowEnd,
  smsDailyCap: r.smsDailyCap,
  version: r.version,
});

export const readOutboundSettings = async (db: DbOrTx): Promise<OutboundSettings> => {
  const [row] = await db.select().from(outboundSetting).where(eq(outboundSetting.id, 1));
  if (row) return toSettings(row);
  await db.insert(outboundSetting).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(outboundSetting).where(eq(outboundSetting.id, 1));
  if (!created) throw new Error('outbound_setting missing');
  return toSettings(created);
};
