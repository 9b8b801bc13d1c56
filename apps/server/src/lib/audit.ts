import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * Structured values of an audit summary (ids, names, amounts in fen, enum codes). The console renders
 * the summary from the action code and these values in the viewer's language (audit.summary.* in the
 * web's audit messages); `text` stays as the English sentence for exports and for readers that do not
 * know the action.
 */
export type AuditParams = Record<string, string | number | boolean | null>;
/**
 * A summary: the English sentence plus the structured values it was made from. Always structured: a
 * plain string would reach every viewer in English (the type refuses it; old rows without params
 * still show their stored text).
 */
export interface AuditSummary {
  readonly text: string;
  readonly params: AuditParams;
}

/** Builds a structured summary: `said('released client 1 to the pool: x', { id: 1, reason: 'x' })`. */
export const said = (text: string, params: AuditParams): AuditSummary => ({ text, params });

export interface AuditEntry {
  actorId?: number | null;
  actorName?: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | number | null;
  summary: AuditSummary;
  detail?: Record<string, unknown> | null;
  ip?: string | null;
}

/** Writes one audit row; call it with the transaction that makes the change it describes. */
export const writeAudit = async (db: DbOrTx, entry: AuditEntry): Promise<void> => {
  const text = entry.summary?.text ?? '';
  await db.insert(auditLog).values({
    actorId: entry.actorId ?? null,
    actorName: entry.actorName ?? null,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    summary: text.length > 500 ? `${text.slice(0, 499)}…` : text,
    params: entry.summary?.params ?? null,
    detail: entry.detail ?? null,
    ip: entry.ip ?? null,
  });
};
