import type { ClientTagRow, clientTagCreate, clientTagUpdate } from '@educrm/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { client, clientTag } from '../../db/schema';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, notFound } from '../../lib/errors';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';

const toRow = (r: typeof clientTag.$inferSelect): ClientTagRow => ({
  id: r.id,
  name: r.name,
  color: r.color,
  sort: r.sort,
  createdBy: r.createdBy,
  version: r.version,
});

/**
 * Local client tags. Staff who may tag clients create tags; the creator or an admin renames or
 * deletes one (deleting also takes it off every client, in the same transaction).
 */
export class ClientTagService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<ClientTagRow[]> {
    const rows = await this.db
      .select()
      .from(clientTag)
      .where(eq(clientTag.deleted, false))
      .orderBy(asc(clientTag.sort), asc(clientTag.id));
    return rows.map(toRow);
  }

  private async nameFree(tx: DbOrTx, name: string, exceptId?: number) {
    const [taken] = await tx
      .select({ id: clientTag.id })
      .from(clientTag)
      .where(
        and(
          eq(clientTag.name, name),
          eq(clientTag.deleted, false),
          exceptId ? sql`${clientTag.id} <> ${exceptId}` : undefined,
        ),
      );
    if (taken) throw fieldError('name', 'tagNameTaken');
  }

  async create(p: Principal, input: z.infer<typeof clientTagCreate>, ip: string): Promise<ClientTagRow> {
    return this.db.transaction(async (tx) => {
      await this.nameFree(tx, input.name);
      const [row] = await tx
        .insert(clientTag)
        .values({ ...input, createdBy: p.userId, updatedBy: p.userId })
        .returning();
      if (!row) throw new Error('insert failed');
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.tag.create',
        targetType: 'client_tag',
        targetId: row.id,
        summary: said(`created tag ${input.name}`, { name: input.name }),
        ip,
      });
      return toRow(row);
    });
  }

  private async editable(tx: DbOrTx, p: Principal, id: number) {
    const [row] = await tx
      .select()
      .from(clientTag)
      .where(and(eq(clientTag.id, id), eq(clientTag.deleted, false)));
    if (!row) throw notFound();
    if (!p.isAdmin && row.createdBy !== p.userId) throw new AppError(403, 'tagEditDenied');
    return row;
  }

  async update(p: Principal, id: number, input: z.infer<typeof clientTagUpdate>, ip: string) {
    return this.db.transaction(async (tx) => {
      const before = await this.editable(tx, p, id);
      await this.nameFree(tx, input.name, id);
      const { version, ...values } = input;
      await updateVersioned(tx, clientTag, id, version, { ...values, updatedBy: p.userId });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.tag.update',
        targetType: 'client_tag',
        targetId: id,
        summary: said(`tag ${before.name} -> ${input.name}`, { from: before.name, to: input.name }),
        ip,
      });
      const [row] = await tx.select().from(clientTag).where(eq(clientTag.id, id));
      return toRow(row as typeof clientTag.$inferSelect);
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.editable(tx, p, id);
      await tx
        .update(clientTag)
        .set({
          deleted: true,
          version: sql`${clientTag.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(eq(clientTag.id, id));
      const untagged = await tx
        .update(client)
        .set({
          tagIds: sql`array_remove(${client.tagIds}, ${id}::bigint)`,
          version: sql`${client.version} + 1`,
        })
        .where(sql`${client.tagIds} @> ARRAY[${id}::bigint]`)
        .returning({ id: client.id });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'client.tag.delete',
        targetType: 'client_tag',
        targetId: id,
        summary: said(`deleted tag ${before.name} (removed from ${untagged.length} clients)`, {
          name: before.name,
          count: untagged.length,
        }),
        ip,
      });
    });
  }
}
