import { randomBytes } from 'node:crypto';
import type {
  ProductDetail,
  ProductInput,
  ProductListQuery,
  ProductRow,
  ProductStatus,
  SkuInput,
  SkuRow,
  skuPatch,
} from '@educrm/contract';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { productCategory, productSku, productSpu } from '../../db/schema/products';
import { said, writeAudit } from '../../lib/audit';
import { AppError, fieldError, forbidden, notFound } from '../../lib/errors';
import { likeContains, offsetOf, orderByOf, toIso } from '../../lib/list';
import { updateVersioned } from '../../lib/versioned';
import type { Principal } from '../../types';
import { assertSkuClasses, skuDelivery } from '../courses/delivery';
import type { CategoryService } from './categories.service';
import { sanitizeRichText } from './sanitize';

type Filters = Omit<Partial<ProductListQuery>, 'page' | 'pageSize' | 'sort'>;

const sortColumns = {
  id: productSpu.id,
  name: productSpu.name,
  priceMin: productSpu.priceMin,
  salesCount: productSpu.salesCount,
  sort: productSpu.sort,
  updatedAt: productSpu.updatedAt,
  createdAt: productSpu.createdAt,
};

const specKey = (props: { name: string; value: string }[]) =>
  JSON.stringify(props.map((p) => [p.name, p.value]));

/** SPU + SKU management with the rules of DOMAIN 5.2. */
export class ProductService {
  constructor(
    private readonly db: Db,
    private readonly categories: CategoryService,
    private readonly now: () => Date,
  ) {}

  /** Without a status the list shows everything but the recycle bin; `anyStatus` drops the status condition. */
  private where(f: Filters, anyStatus = false): SQL {
    return and(
      eq(productSpu.deleted, false),
      anyStatus
        ? undefined
        : f.status
          ? eq(productSpu.status, f.status)
          : sql`${productSpu.status} <> 'RECYCLE'`,
      f.keyword
        ? /^\d{1,15}$/.test(f.keyword)
          ? sql`(${productSpu.id} = ${Number(f.keyword)} OR ${productSpu.name} ILIKE ${likeContains(f.keyword)})`
          : sql`${productSpu.name} ILIKE ${likeContains(f.keyword)}`
        : undefined,
      f.categoryId
        ? sql`${productSpu.categoryId} IN (SELECT id FROM product_category WHERE id = ${f.categoryId} OR parent_id = ${f.categoryId})`
        : undefined,
      f.productType ? eq(productSpu.productType, f.productType) : undefined,
      f.gradeId ? sql`${f.gradeId}::bigint = ANY(${productSpu.gradeIds})` : undefined,
      f.priceMin != null ? gte(productSpu.priceMax, f.priceMin) : undefined,
      f.priceMax != null ? lte(productSpu.priceMin, f.priceMax) : undefined,
      f.createdFrom ? gte(productSpu.createdAt, new Date(f.createdFrom)) : undefined,
      f.createdTo ? lte(productSpu.createdAt, new Date(f.createdTo)) : undefined,
      f.nothingSellable
        ? sql`${productSpu.status} = 'ON' AND NOT EXISTS (
            SELECT 1 FROM product_sku k WHERE k.spu_id = ${productSpu.id} AND k.archived = false
              AND k.status = 'ENABLED' AND (k.stock IS NULL OR k.stock > 0))`
        : undefined,
    ) as SQL;
  }

  private rowSelect(db: DbOrTx = this.db) {
    return db
      .select({
        id: productSpu.id,
        name: productSpu.name,
        categoryId: productSpu.categoryId,
        categoryName: productCategory.name,
        productType: productSpu.productType,
        coverUrl: productSpu.coverUrl,
        status: productSpu.status,
        priceMin: productSpu.priceMin,
        priceMax: productSpu.priceMax,
        stockTotal: sql<
          number | null
        >`(SELECT CASE WHEN bool_or(k.stock IS NULL) THEN NULL ELSE coalesce(sum(k.stock), 0)::int END
          FROM product_sku k WHERE k.spu_id = ${productSpu.id} AND k.archived = false)`,
        salesCount: productSpu.salesCount,
        sort: productSpu.sort,
        updatedAt: productSpu.updatedAt,
        createdAt: productSpu.createdAt,
        version: productSpu.version,
      })
      .from(productSpu)
      .leftJoin(productCategory, eq(productCategory.id, productSpu.categoryId));
  }

  private toRow(
    r: Awaited<ReturnType<ReturnType<ProductService['rowSelect']>['execute']>>[number],
  ): ProductRow {
    return {
      ...r,
      productType: r.productType as ProductRow['productType'],
      status: r.status as ProductStatus,
      updatedAt: toIso(r.updatedAt) as string,
      createdAt: toIso(r.createdAt) as string,
    };
  }

  async list(q: ProductListQuery) {
    const where = this.where(q);
    const [items, [{ total } = { total: 0 }]] = await Promise.all([
      this.rowSelect()
        .where(where)
        .orderBy(
          ...orderByOf(
            q.sort,
            sortColumns,
            [sql`${productSpu.sort} DESC`, sql`${productSpu.id} DESC`],
            productSpu.id,
          ),
        )
        .limit(q.pageSize)
        .offset(offsetOf(q)),
      this.db.select({ total: sql<number>`count(*)::int` }).from(productSpu).where(where),
    ]);
    return { items: items.map((r) => this.toRow(r)), total, page: q.page, pageSize: q.pageSize };
  }

  /** Counts per status tab for the list's tabs (same filters but status). */
  async statusCounts(f: Filters) {
    const rows = await queryRows<{ status: ProductStatus; n: number }>(
      this.db,
      sql`SELECT status, count(*)::int AS n FROM product_spu WHERE ${this.where(f, true)} GROUP BY status`,
    );
    const counts = { DRAFT: 0, ON: 0, OFF: 0, RECYCLE: 0 };
    for (const r of rows) counts[r.status] = r.n;
    return counts;
  }

  private async skusOf(db: DbOrTx, spuId: number): Promise<SkuRow[]> {
    const rows = await queryRows<{
      id: number;
      spu_id: number;
      sku_code: string;
      properties: { name: string; value: string }[];
      price: number;
      market_price: number;
      cost_price: number;
      stock: number | null;
      status: 'ENABLED' | 'DISABLED';
      sales_count: number;
      class_id: number | null;
      validity_mode: SkuRow['validityMode'];
      validity_days: number | null;
      validity_date: string | null;
      lesson_hours: number | null;
      version: number;
      has_orders: boolean;
    }>(
      db,
      sql`SELECT k.*, EXISTS (SELECT 1 FROM order_item oi WHERE oi.sku_id = k.id) AS has_orders
          FROM product_sku k WHERE k.spu_id = ${spuId} AND k.archived = false ORDER BY k.id`,
    );
    return rows.map((k) => ({
      id: Number(k.id),
      spuId: Number(k.spu_id),
      skuCode: k.sku_code,
      properties: k.properties,
      price: k.price,
      marketPrice: k.market_price,
      costPrice: k.cost_price,
      stock: k.stock,
      status: k.status,
      salesCount: k.sales_count,
      classId: k.class_id == null ? null : Number(k.class_id),
      validityMode: k.validity_mode,
      validityDays: k.validity_days,
      validityDate: k.validity_date == null ? null : String(k.validity_date).slice(0, 10),
      lessonHours: k.lesson_hours,
      hasOrders: k.has_orders,
      version: k.version,
    }));
  }

  async get(id: number, db: DbOrTx = this.db): Promise<ProductDetail> {
    const [row] = await this.rowSelect(db).where(and(eq(productSpu.id, id), eq(productSpu.deleted, false)));
    const [full] = await db.select().from(productSpu).where(eq(productSpu.id, id));
    if (!row || !full) throw notFound();
    return {
      ...this.toRow(row),
      gradeIds: full.gradeIds,
      subject: full.subject,
      sliderUrls: full.sliderUrls,
      intro: full.intro,
      detailHtml: full.detailHtml,
      specType: full.specType as ProductDetail['specType'],
      virtualSales: full.virtualSales,
      validityMode: full.validityMode as ProductDetail['validityMode'],
      validityDays: full.validityDays,
      validityDate: full.validityDate,
      refundDays: full.refundDays,
      classId: full.classId,
      platformCodes: full.platformCodes as ProductDetail['platformCodes'],
      skus: await this.skusOf(db, id),
    };
  }

  /** Copy: a draft named "<name>（副本）", new SKU codes, stock 0, sales reset, no platform ids. */
  async copyDraft(id: number): Promise<ProductInput> {
    const src = await this.get(id);
    const suffix = randomBytes(2).toString('hex').toUpperCase();
    return {
      name: `${src.name}（副本）`.slice(0, 64),
      categoryId: src.categoryId,
      productType: src.productType,
      gradeIds: src.gradeIds,
      subject: src.subject,
      coverUrl: src.coverUrl,
      sliderUrls: src.sliderUrls,
      intro: src.intro,
      detailHtml: src.detailHtml,
      specType: src.specType,
      sort: src.sort,
      virtualSales: 0,
      validityMode: src.validityMode,
      validityDays: src.validityDays,
      validityDate: src.validityDate,
      refundDays: src.refundDays,
      classId: src.classId,
      platformCodes: [],
      skus: src.skus.map((k) => ({
        skuCode: `${k.skuCode.slice(0, 34)}-${suffix}`,
        properties: k.properties,
        price: k.price,
        marketPrice: k.marketPrice,
        costPrice: k.costPrice,
        stock: k.stock == null ? null : 0,
        status: k.status,
        // A copy is a new term: it keeps the validity, the class is picked again.
        classId: null,
        validityMode: k.validityMode,
        validityDays: k.validityDays,
        validityDate: k.validityDate,
        lessonHours: k.lessonHours,
      })),
    };
  }

  private validateSkus(input: ProductInput) {
    if (input.specType === 'SINGLE' && input.skus.length !== 1) throw fieldError('skus', 'skuSingleOnlyOne');
    const codes = new Set<string>();
    const specs = new Set<string>();
    input.skus.forEach((k, i) => {
      if (codes.has(k.skuCode)) throw fieldError(`skus.${i}.skuCode`, 'skuCodeTaken');
      codes.add(k.skuCode);
      const key = specKey(k.properties);
      if (specs.has(key)) throw fieldError(`skus.${i}.properties`, 'skuSpecDuplicate');
      specs.add(key);
      if (input.specType === 'MULTI' && k.properties.length === 0)
        throw fieldError(`skus.${i}.properties`, 'required');
      if (k.validityMode === 'DAYS' && !k.validityDays)
        throw fieldError(`skus.${i}.validityDays`, 'required');
      if (k.validityMode === 'DATE' && !k.validityDate)
        throw fieldError(`skus.${i}.validityDate`, 'required');
    });
    if (input.validityMode === 'DAYS' && !input.validityDays) throw fieldError('validityDays', 'required');
    if (input.validityMode === 'DATE' && !input.validityDate) throw fieldError('validityDate', 'required');
  }

  private async checkCodesFree(tx: DbOrTx, skus: SkuInput[], spuId?: number) {
    const codes = skus.map((k) => k.skuCode);
    const taken = await tx
      .select({ code: productSku.skuCode, spuId: productSku.spuId, id: productSku.id })
      .from(productSku)
      .where(inArray(productSku.skuCode, codes));
    for (const t of taken) {
      const i = skus.findIndex((k) => k.skuCode === t.code);
      const own = spuId != null && t.spuId === spuId && skus[i]?.id === t.id;
      if (!own) throw fieldError(`skus.${i}.skuCode`, 'skuCodeTaken');
    }
  }

  /** Recomputes the SPU's derived price range from its enabled SKUs. */
  private async refreshDerived(tx: DbOrTx, spuId: number) {
    await tx.execute(sql`
      UPDATE product_spu s SET
        price_min = coalesce((SELECT min(price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0),
        price_max = coalesce((SELECT max(price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0),
        market_price = coalesce((SELECT min(market_price) FROM product_sku WHERE spu_id = s.id AND archived = false AND status = 'ENABLED'), 0)
      WHERE s.id = ${spuId}`);
  }

  private spuValues(input: ProductInput) {
    return {
      name: input.name,
      categoryId: input.categoryId,
      productType: input.productType,
      gradeIds: input.gradeIds,
      subject: input.subject,
      coverUrl: input.coverUrl,
      sliderUrls: input.sliderUrls,
      intro: input.intro,
      detailHtml: sanitizeRichText(input.detailHtml),
      specType: input.specType,
      sort: input.sort,
      virtualSales: input.virtualSales,
      validityMode: input.validityMode,
      validityDays: input.validityMode === 'DAYS' ? input.validityDays : null,
      validityDate: input.validityMode === 'DATE' ? input.validityDate : null,
      refundDays: input.refundDays,
      classId: input.classId,
      platformCodes: input.platformCodes,
    };
  }

  async create(p: Principal, input: ProductInput, ip: string) {
    this.validateSkus(input);
    const id = await this.db.transaction(async (tx) => {
      await this.categories.assertLeaf(tx, input.categoryId);
      await this.checkCodesFree(tx, input.skus);
      await assertSkuClasses(tx, input.skus);
      const [spu] = await tx
        .insert(productSpu)
        .values({ ...this.spuValues(input), status: 'DRAFT', createdBy: p.userId, updatedBy: p.userId })
        .returning({ id: productSpu.id });
      if (!spu) throw new Error('insert failed');
      await tx.insert(productSku).values(
        input.skus.map((k) => ({
          spuId: spu.id,
          skuCode: k.skuCode,
          properties: k.properties,
          price: k.price,
          marketPrice: k.marketPrice,
          costPrice: k.costPrice,
          stock: k.stock,
          status: k.status,
          ...skuDelivery(k),
          createdBy: p.userId,
          updatedBy: p.userId,
        })),
      );
      await this.refreshDerived(tx, spu.id);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.create',
        targetType: 'product',
        targetId: spu.id,
        summary: said(`created product ${input.name} with ${input.skus.length} SKUs`, {
          name: input.name,
          count: input.skus.length,
        }),
        ip,
      });
      return spu.id;
    });
    return this.get(id);
  }

  /**
   * Edit. A SKU whose specs change after it has orders is archived and replaced by a new SKU, so
   * past orders keep pointing at what was sold. SKUs left out are archived (or deleted when unsold).
   */
  async update(p: Principal, id: number, input: ProductInput & { version: number }, ip: string) {
    this.validateSkus(input);
    await this.db.transaction(async (tx) => {
      const before = await this.get(id, tx);
      if (before.status === 'RECYCLE') throw new AppError(409, 'productInRecycle');
      await this.categories.assertLeaf(tx, input.categoryId);
      await this.checkCodesFree(tx, input.skus, id);
      await assertSkuClasses(tx, input.skus);
      await updateVersioned(tx, productSpu, id, input.version, {
        ...this.spuValues(input),
        updatedBy: p.userId,
      });
      const kept = new Set<number>();
      for (const [i, k] of input.skus.entries()) {
        const old = k.id ? before.skus.find((s) => s.id === k.id) : undefined;
        if (k.id && !old) throw fieldError(`skus.${i}.id`, 'notFound');
        const values = {
          skuCode: k.skuCode,
          properties: k.properties,
          price: k.price,
          marketPrice: k.marketPrice,
          costPrice: k.costPrice,
          stock: k.stock,
          status: k.status,
          ...skuDelivery(k),
          updatedBy: p.userId,
          updatedAt: this.now(),
        };
        if (old?.hasOrders && specKey(old.properties) !== specKey(k.properties)) {
          // Replace: the old SKU keeps its code for history under a suffix; the new one takes the code.
          await tx
            .update(productSku)
            .set({ archived: true, status: 'DISABLED', skuCode: `${old.skuCode.slice(0, 30)}~${old.id}` })
            .where(eq(productSku.id, old.id));
          await tx.insert(productSku).values({ ...values, spuId: id, createdBy: p.userId });
          continue;
        }
        if (old) {
          kept.add(old.id);
          await tx
            .update(productSku)
            .set({ ...values, version: sql`${productSku.version} + 1` })
            .where(eq(productSku.id, old.id));
        } else {
          await tx.insert(productSku).values({ ...values, spuId: id, createdBy: p.userId });
        }
      }
      for (const old of before.skus) {
        if (kept.has(old.id) || input.skus.some((k) => k.id === old.id)) continue;
        if (old.hasOrders)
          await tx
            .update(productSku)
            .set({ archived: true, status: 'DISABLED' })
            .where(eq(productSku.id, old.id));
        else await tx.delete(productSku).where(eq(productSku.id, old.id));
      }
      await this.refreshDerived(tx, id);
      if (before.status === 'ON') await this.assertSellable(tx, id);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.update',
        targetType: 'product',
        targetId: id,
        summary: said(`updated product ${input.name}`, { name: input.name }),
        detail: {
          before: { name: before.name, priceMin: before.priceMin, priceMax: before.priceMax },
          after: { name: input.name },
        },
        ip,
      });
    });
    return this.get(id);
  }

  /**
   * On sale needs an enabled SKU with a price, a leaf category and a cover (DOMAIN 5.2). When every
   * such SKU has stock 0 (not unlimited) nobody could buy it: going on sale (`stock: 'check'`) is
   * refused with the SKUs named (`data.reason = "NO_STOCK"`) unless the user confirmed. Selling out
   * later (edits, inline stock) is normal and not refused.
   */
  private async assertSellable(tx: DbOrTx, id: number, stock: 'check' | 'skip' = 'skip') {
    const product = await this.get(id, tx);
    await this.categories.assertLeaf(tx, product.categoryId).catch(() => {
      throw new AppError(409, 'productNeedsLeaf');
    });
    if (!product.coverUrl) throw new AppError(409, 'productNeedsCover');
    const priced = product.skus.filter((k) => k.status === 'ENABLED' && k.price > 0);
    if (!priced.length) throw new AppError(409, 'productNeedsSku');
    if (stock === 'check' && priced.every((k) => k.stock === 0)) {
      const skus = priced.map((k) => k.properties.map((x) => x.value).join(' / ') || k.skuCode);
      throw new AppError(409, 'productNoStock', { skus: skus.join('、') }, { reason: 'NO_STOCK', skus });
    }
  }

  async setStatus(
    p: Principal,
    id: number,
    status: ProductStatus,
    ip: string,
    opts: { confirmNoStock?: boolean } = {},
  ) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: productSpu.status, name: productSpu.name })
        .from(productSpu)
        .where(and(eq(productSpu.id, id), eq(productSpu.deleted, false)));
      if (!row) throw notFound();
      if (row.status === status) return;
      if (status === 'ON') await this.assertSellable(tx, id, opts.confirmNoStock ? 'skip' : 'check');
      await tx
        .update(productSpu)
        .set({ status, version: sql`${productSpu.version} + 1`, updatedAt: this.now(), updatedBy: p.userId })
        .where(eq(productSpu.id, id));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: `product.status.${status.toLowerCase()}`,
        targetType: 'product',
        targetId: id,
        summary: said(`${row.name}: ${row.status} → ${status}`, {
          name: row.name,
          productStatusFrom: row.status,
          productStatus: status,
        }),
        ip,
      });
    });
  }

  async setCategory(p: Principal, id: number, categoryId: number, ip: string) {
    await this.db.transaction(async (tx) => {
      await this.categories.assertLeaf(tx, categoryId);
      const res = await tx
        .update(productSpu)
        .set({
          categoryId,
          version: sql`${productSpu.version} + 1`,
          updatedAt: this.now(),
          updatedBy: p.userId,
        })
        .where(and(eq(productSpu.id, id), eq(productSpu.deleted, false)))
        .returning({ id: productSpu.id });
      if (!res.length) throw notFound();
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.category.change',
        targetType: 'product',
        targetId: id,
        summary: said(`category → ${categoryId}`, { categoryId }),
        ip,
      });
    });
  }

  /** Hard delete from the recycle bin, only when nothing was ever sold. */
  async purge(p: Principal, id: number, ip: string) {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ status: productSpu.status, name: productSpu.name })
        .from(productSpu)
        .where(and(eq(productSpu.id, id), eq(productSpu.deleted, false)));
      if (!row) throw notFound();
      if (row.status !== 'RECYCLE') throw new AppError(409, 'productNotInRecycle');
      const [sold] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM order_item WHERE spu_id = ${id}`,
      );
      if ((sold?.n ?? 0) > 0) throw new AppError(409, 'productHasOrders', { count: sold?.n ?? 0 });
      await tx.delete(productSku).where(eq(productSku.spuId, id));
      await tx.delete(productSpu).where(eq(productSpu.id, id));
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.purge',
        targetType: 'product',
        targetId: id,
        summary: said(`deleted product ${row.name} permanently`, { name: row.name }),
        ip,
      });
    });
  }

  async skuList(spuId: number) {
    await this.get(spuId);
    return this.skusOf(this.db, spuId);
  }

  /** Inline SKU edit: each field needs its own permission (stock/status: zhongtai + admin; price: admin). */
  async patchSku(p: Principal, skuId: number, patch: z.infer<typeof skuPatch>, ip: string) {
    const need = (code: string) => {
      if (!p.permissions.has(code)) throw forbidden();
    };
    if (patch.stock !== undefined) need('product.sku.stock');
    if (patch.status !== undefined) need('product.sku.status');
    if (patch.price !== undefined) need('product.sku.price');
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(productSku)
        .where(and(eq(productSku.id, skuId), eq(productSku.archived, false)));
      if (!before) throw notFound();
      const values: Record<string, unknown> = { updatedBy: p.userId };
      if (patch.stock !== undefined) values.stock = patch.stock;
      if (patch.status !== undefined) values.status = patch.status;
      if (patch.price !== undefined) values.price = patch.price;
      await updateVersioned(tx, productSku, skuId, patch.version, values);
      await this.refreshDerived(tx, before.spuId);
      const [spu] = await tx
        .select({ status: productSpu.status })
        .from(productSpu)
        .where(eq(productSpu.id, before.spuId));
      if (spu?.status === 'ON') await this.assertSellable(tx, before.spuId);
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'product.sku.update',
        targetType: 'product_sku',
        targetId: skuId,
        summary: said(`SKU ${before.skuCode} updated`, { skuCode: before.skuCode }),
        detail: { before: { stock: before.stock, status: before.status, price: before.price }, after: patch },
        ip,
      });
    });
  }
}
