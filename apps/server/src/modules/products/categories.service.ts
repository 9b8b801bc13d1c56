import type { CategoryRow, categoryCreate, categoryReorder, categoryUpdate } from '@educrm/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { productCategory } from '../../db/schema/products';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError } from '../../lib/errors';
import { loadNode, loadParent } from '../../lib/tree';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';

interface RawCategory {
  id: number;
  parent_id: number | null;
  name: string;
  icon: string;
  sort: number;
  status: 'ENABLED' | 'DISABLED';
  version: number;
  product_count: number;
}

/** Product categories: two levels at most, products on leaves only, no delete while in use. */
export class CategoryService {
  constructor(private readonly db: Db) {}

  async list(): Promise<CategoryRow[]> {
    const rows = await queryRows<RawCategory>(
      this.db,
      sql`SELECT c.id, c.parent_id, c.name, c.icon, c.sort, c.status, c.version,
            (SELECT count(*)::int FROM product_spu s WHERE s.category_id = c.id AND s.deleted = false) AS product_count
          FROM product_category c ORDER BY c.sort, c.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      parentId: r.parent_id == null ? null : Number(r.parent_id),
      name: r.name,
      icon: r.icon,
      sort: r.sort,
      status: r.status,
      version: r.version,
      productCount: r.product_count,
    }));
  }

  private load(tx: DbOrTx, id: number) {
    return loadNode(tx, productCategory, id);
  }

  private async countProducts(tx: DbOrTx, id: number) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM product_spu WHERE category_id = ${id} AND deleted = false`,
    );
    return row?.n ?? 0;
  }

  /** A parent must be a root (two levels) and must not hold products itself. */
  private async checkParent(tx: DbOrTx, parentId: number | null, movingId?: number) {
    if (parentId == null) return;
    if (parentId === movingId) throw fieldError('parentId', 'categoryDepth');
    const parent = await loadParent(tx, productCategory, parentId, 'notFound');
    if (parent?.parentId != null) throw fieldError('parentId', 'categoryDepth');
    if ((await this.countProducts(tx, parentId)) > 0) throw fieldError('parentId', 'categoryHasProducts');
    if (movingId != null) {
      const [kids] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM product_category WHERE parent_id = ${movingId}`,
      );
      if ((kids?.n ?? 0) > 0) throw fieldError('parentId', 'categoryDepth');
    }
  }

  private async checkName(tx: DbOrTx, parentId: number | null, name: string, exceptId?: number) {
    const [dup] = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM product_category WHERE coalesce(parent_id, 0) = ${parentId ?? 0} AND name = ${name} ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
    );
    if (dup) throw fieldError('name', 'categoryNameTaken');
  }

  async create(p: Principal, input: z.infer<typeof categoryCreate>, ip: string) {
    return this.db.transaction(async (tx) => {
      await this.checkParent(tx, input.parentId);
      await this.checkName(tx, input.parentId, input.name);
      const [row] = await tx
        .insert(productCategory)
        .values({ ...input, createdBy: p.userId, updatedBy: p.userId })
        .returning({ id: productCategory.id });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.category.create',
        targetType: 'product_category',
        targetId: row?.id,
        summary: said(`created category ${input.name}`, { name: input.name }),
        ip,
      });
      return row?.id as number;
    });
  }

  async update(p: Principal, id: number, input: z.infer<typeof categoryUpdate>, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, id);
      await this.checkName(tx, before.parentId, input.name, id);
      await updateVersioned(tx, productCategory, id, input.version, {
        name: input.name,
        icon: input.icon,
        sort: input.sort,
        status: input.status,
        updatedBy: p.userId,
      });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.category.update',
        targetType: 'product_category',
        targetId: id,
        summary: said(`updated category ${before.name}`, { name: before.name }),
        detail: {
          before: { name: before.name, status: before.status },
          after: { name: input.name, status: input.status },
        },
        ip,
      });
    });
  }

  /** Drag and drop: new parents and orders for the given categories, checked like single moves. */
  async reorder(p: Principal, input: z.infer<typeof categoryReorder>, ip: string) {
    await this.db.transaction(async (tx) => {
      for (const item of input.items) {
        const before = await this.load(tx, item.id);
        if (before.parentId !== item.parentId) {
          await this.checkParent(tx, item.parentId, item.id);
          await this.checkName(tx, item.parentId, before.name, item.id);
        }
        await tx
          .update(productCategory)
          .set({
            parentId: item.parentId,
            sort: item.sort,
            version: sql`${productCategory.version} + 1`,
            updatedAt: new Date(),
            updatedBy: p.userId,
          })
          .where(eq(productCategory.id, item.id));
      }
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.category.reorder',
        targetType: 'product_category',
        summary: said(`reordered ${input.items.length} categories`, { count: input.items.length }),
        detail: { items: input.items },
        ip,
      });
    });
  }

  async remove(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const before = await this.load(tx, id);
      const [kids] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM product_category WHERE parent_id = ${id}`,
      );
      if ((kids?.n ?? 0) > 0) throw new AppError(409, 'categoryHasChildren');
      const products = await this.countProducts(tx, id);
      if (products > 0) throw new AppError(409, 'categoryInUse', { count: products });
      await tx.delete(productCategory).where(eq(productCategory.id, id));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.category.delete',
        targetType: 'product_category',
        targetId: id,
        summary: said(`deleted category ${before.name}`, { name: before.name }),
        ip,
      });
    });
  }

  /** Products attach to enabled leaf categories only. */
  async assertLeaf(tx: DbOrTx, id: number) {
    const [row] = await queryRows<{ id: number; kids: number }>(
      tx,
      sql`SELECT c.id, (SELECT count(*)::int FROM product_category k WHERE k.parent_id = c.id) AS kids FROM product_category c WHERE c.id = ${id}`,
    );
    if (!row) throw fieldError('categoryId', 'notFound');
    if (row.kids > 0) throw fieldError('categoryId', 'categoryNotLeaf');
  }
}
