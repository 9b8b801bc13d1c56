import type { OrderSkuOption } from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { likeContains } from '../../lib/list';

const LIMIT = 30;

/**
 * SKUs for the order pages' pickers: by product name, SKU code or spec text, or all SKUs of one
 * product. `onSale` keeps the orderable ones (product ON, SKU enabled, not archived); otherwise
 * every SKU of a product that is not deleted (filters over past orders).
 */
export const skuOptions = async (
  db: Db,
  q: { keyword?: string; spuId?: number; onSale?: boolean },
): Promise<OrderSkuOption[]> => {
  const onSale = q.onSale ?? true;
  const conds: SQL[] = [sql`s.deleted = false`];
  if (onSale) conds.push(sql`s.status = 'ON' AND k.status = 'ENABLED' AND k.archived = false`);
  if (q.spuId) conds.push(sql`s.id = ${q.spuId}`);
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = likeContains(keyword);
    conds.push(sql`(s.name ILIKE ${like} OR k.sku_code ILIKE ${like} OR k.properties::text ILIKE ${like})`);
  }
  const rows = await queryRows<{
    id: number;
    spu_id: number;
    spu_name: string;
    sku_code: string;
    properties: { name: string; value: string }[];
    price: number;
    stock: number | null;
    on_sale: boolean;
  }>(
    db,
    sql`SELECT k.id, k.spu_id, s.name AS spu_name, k.sku_code, k.properties, k.price, k.stock,
          (s.status = 'ON' AND k.status = 'ENABLED' AND k.archived = false) AS on_sale
        FROM product_sku k JOIN product_spu s ON s.id = k.spu_id
        WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY (s.status = 'ON') DESC, s.sort DESC, s.id DESC, k.archived, k.id
        LIMIT ${LIMIT}`,
  );
  return rows.map((r) => ({
    skuId: Number(r.id),
    spuId: Number(r.spu_id),
    spuName: r.spu_name,
    skuCode: r.sku_code,
    // The same spec text as the order items' snapshot.
    skuSpec: (r.properties ?? []).map((x) => `${x.name}:${x.value}`).join(' / '),
    price: r.price,
    stock: r.stock == null ? null : Number(r.stock),
    onSale: Boolean(r.on_sale),
  }));
};
