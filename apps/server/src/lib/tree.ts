import type { MessageKey } from '@educrm/contract';
import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { fieldError, notFound } from './errors';

type TableWithId = PgTable & { id: PgColumn };

/** A row of a tree table (departments, product categories) by id; 404 when it does not exist. */
export const loadNode = async <T extends TableWithId>(
  tx: DbOrTx,
  table: T,
  id: number,
): Promise<T['$inferSelect']> => {
  const [row] = await tx
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw notFound();
  return row as T['$inferSelect'];
};

/**
 * The parent a node is created under or moved to: null for a root; a parent that does not exist is
 * a validation error on `parentId` (with `missing` as its message), not a 404 of the request.
 */
export const loadParent = async <T extends TableWithId>(
  tx: DbOrTx,
  table: T,
  parentId: number | null | undefined,
  missing: MessageKey,
): Promise<T['$inferSelect'] | null> => {
  if (parentId == null) return null;
  return loadNode(tx, table, parentId).catch(() => {
    throw fieldError('parentId', missing);
  });
};
