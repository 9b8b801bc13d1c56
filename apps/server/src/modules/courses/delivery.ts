import type { SkuInput } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import { fieldError } from '../../lib/errors';

/** The delivery columns of a SKU (class binding and its own validity; mode null = the product's). */
export const skuDelivery = (k: SkuInput) => ({
  classId: k.classId ?? null,
  validityMode: k.validityMode ?? null,
  validityDays: k.validityMode === 'DAYS' ? (k.validityDays ?? null) : null,
  validityDate: k.validityMode === 'DATE' ? (k.validityDate ?? null) : null,
  lessonHours: k.lessonHours ?? null,
});

/** A SKU binds only a live class (not deleted, not archived). */
export const assertSkuClasses = async (tx: DbOrTx, skus: SkuInput[]) => {
  const wanted = [...new Set(skus.map((k) => k.classId).filter((v): v is number => v != null))];
  if (!wanted.length) return;
  const found = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM course_class WHERE id = ANY(${sql.param(wanted)}::bigint[]) AND deleted = false AND status <> 'ARCHIVED'`,
  );
  const ok = new Set(found.map((r) => Number(r.id)));
  const i = skus.findIndex((k) => k.classId != null && !ok.has(k.classId));
  if (i >= 0) throw fieldError(`skus.${i}.classId`, 'classNotFound');
};

type Validity = { mode: string | null; days: number | null; date: string | Date | null };

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/**
 * The end of an entitlement bought at `paidAt`: DAYS counts whole Asia/Shanghai days from the
 * payment day (ends at 24:00 of the last day), DATE ends at 24:00 of that Shanghai date, FOREVER
 * (or nothing set) never ends. The SKU's own validity wins over the product's.
 */
export const expiryOf = (sku: Validity, spu: Validity, paidAt: Date): Date | null => {
  const v = sku.mode ? sku : spu;
  if (v.mode === 'DAYS' && v.days) {
    const local = new Date(paidAt.getTime() + SHANGHAI_OFFSET_MS);
    const dayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
    return new Date(dayStart + v.days * 86_400_000 - SHANGHAI_OFFSET_MS);
  }
  if (v.mode === 'DATE' && v.date) {
    const d = String(v.date instanceof Date ? v.date.toISOString() : v.date).slice(0, 10);
    return new Date(new Date(`${d}T00:00:00Z`).getTime() + 86_400_000 - SHANGHAI_OFFSET_MS);
  }
  return null;
};
