import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId?: number | null;
  actorName?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

/** Writes one audit row; call it with the transaction that makes the change it describes. */
export const writeAudit = async (db: DbOrTx, entry: AuditEntry): Promise<void> => {
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorName: entry.actorName ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    summary: (entry.summary ?? '').slice(0, 500),
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
};
