import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { conflict, notFound } from './errors';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn };

/**
 * Optimistic concurrency: writes only when the row still has the version the caller read, bumping
 * it; otherwise 409 (someone else changed it) or 404 (it is gone, or outside the caller's scope).
 */
export const updateVersioned = async <T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  id: number,
  version: number,
  values: Record<string, unknown>,
  extraWhere?: SQL,
): Promise<void> => {
  const t = table as VersionedTable;
  const res = await db
    .update(t)
    .set({ ...values, version: version + 1, updatedAt: new Date() } as never)
    .where(and(eq(t.id, id), eq(t.version, version), extraWhere))
    .returning({ id: t.id });
  if (res.length > 0) return;
  const exists = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.id, id), extraWhere));
  throw exists.length ? conflict() : notFound();
};
