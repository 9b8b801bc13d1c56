import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../src/db/client';
import type { Principal } from '../../src/types';

/** A small seeded PRNG (mulberry32): the same seed builds the same data set. */
export const rng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
};

export interface SeedSpec {
  seed: number;
  /** First business day of the data (Asia/Shanghai). */
  from: string;
  days: number;
  clients: number;
}

const at = (from: string, dayOffset: number, r: ReturnType<typeof rng>) =>
  new Date(new Date(`${from}T00:00:00+08:00`).getTime() + dayOffset * 86_400_000 + r.int(0, 86_399) * 1000);

/**
 * A random but seeded data set touching every fact of the data centre: clients (some deleted, some
 * in the pool), owner changes, follow-ups, calls, WeCom relations and their deletion events,
 * products, orders (pending and paid, multi-line), partial and full refunds on later dates (with
 * and without a line split, some not successful) and attribution changes. Times fall on random
 * seconds, near-midnight ones included, across `days` business days.
 */
/** A data-centre caller: everyone's rows (ALL, admin) or a sales user's own (SELF). */
export const dcCaller = (
  userId: number,
  dataScope: 'ALL' | 'SELF' = 'ALL',
  departmentId: number | null = null,
) => ({ userId, dataScope, departmentId, permissions: new Set() }) as unknown as Principal;

/** The history's first page of keys by paid amount, as the API's defaults. */
export const FIRST_PAGE = { page: 1, pageSize: 20, sort: 'M12', order: 'desc' } as const;

export const seedDataCentre = async (db: DbOrTx, spec: SeedSpec) => {
  const r = rng(spec.seed);
  const users = (
    await queryRows<{ id: string; department_id: string | null }>(
      db,
      sql`SELECT id, department_id FROM admin_user WHERE deleted = false ORDER BY id`,
    )
  ).map((u) => ({ id: Number(u.id), dept: u.department_id == null ? null : Number(u.department_id) }));
  const userOrNull = () => (r.chance(0.15) ? null : r.pick(users));
  const channels = [null, 901, 902, 903];
  const platforms = [null, 801, 802];
  const [cat] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO product_category (name) VALUES ('统计测试') RETURNING id`,
  );
  const skus: { spu: number; sku: number; price: number }[] = [];
  for (let s = 0; s < 3; s++) {
    const [spu] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO product_spu (name, category_id, product_type, status) VALUES (${`统计商品${s}`}, ${cat?.id}, 'RECORDED', 'ON') RETURNING id`,
    );
    for (let k = 0; k < 2; k++) {
      const price = r.int(10, 500) * 100;
      const [sku] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO product_sku (spu_id, sku_code, price) VALUES (${spu?.id}, ${`DC-${spec.seed}-${s}-${k}`}, ${price}) RETURNING id`,
      );
      skus.push({ spu: Number(spu?.id), sku: Number(sku?.id), price });
    }
  }
  const day = () => r.int(0, spec.days - 1);
  const clients: { id: number; created: Date }[] = [];
  for (let i = 0; i < spec.clients; i++) {
    const owner = userOrNull();
    const created = at(spec.from, day(), r);
    const [c] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO client (name, mobile, owner_user_id, owner_dept_id, first_owner_user_id, channel_id, source_platform_id, stage, deleted, created_at)
          VALUES (${`统计${i}`}, ${`139${String(spec.seed % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`}, ${owner?.id ?? null}, ${owner?.dept ?? null},
            ${owner?.id ?? null}, ${r.pick(channels)}, ${r.pick(platforms)}, ${r.pick(['NEW', 'CONTACTED', 'INTENT', 'TRIAL', 'DEAL'])},
            ${r.chance(0.05)}, ${created}) RETURNING id`,
    );
    clients.push({ id: Number(c?.id), created });
  }
  for (let i = 0; i < spec.clients; i++) {
    const c = r.pick(clients);
    const type = r.pick(['CREATE', 'CLAIM', 'ASSIGN', 'TRANSFER', 'RELEASE', 'AUTO_RECYCLE', 'OWNER_LEFT']);
    await db.execute(
      sql`INSERT INTO client_owner_log (client_id, type, from_user_id, to_user_id, created_at)
          VALUES (${c.id}, ${type}, ${userOrNull()?.id ?? null}, ${userOrNull()?.id ?? null}, ${at(spec.from, day(), r)})`,
    );
  }
  for (let i = 0; i < spec.clients * 2; i++) {
    const u = r.pick(users);
    await db.execute(
      sql`INSERT INTO follow_up (client_id, type, source, created_by, creator_dept_id, deleted, created_at)
          VALUES (${r.pick(clients).id}, ${r.pick(['CALL', 'SMS', 'WECHAT', 'OTHER'])}, ${r.pick(['MANUAL', 'CALL'])}, ${u.id}, ${u.dept}, ${r.chance(0.05)}, ${at(spec.from, day(), r)})`,
    );
  }
  for (let i = 0; i < spec.clients; i++) {
    const u = r.pick(users);
    const started = at(spec.from, day(), r);
    const answered = r.chance(0.6);
    const talk = answered ? r.int(0, 600) : 0;
    await db.execute(
      sql`INSERT INTO call_record (provider, call_id, user_id, dept_id, client_id, direction, status, started_at, answered_at, talk_seconds)
          VALUES ('sandbox', ${`dc-${spec.seed}-${i}`}, ${u.id}, ${u.dept}, ${r.pick(clients).id}, ${r.chance(0.9) ? 'OUT' : 'IN'}, 'ENDED', ${started},
            ${answered ? new Date(started.getTime() + 5000) : null}, ${talk})`,
    );
  }
  // WeCom: contacts followed by staff; some relations end with a callback event.
  const corp = `dc${spec.seed}`;
  for (let i = 0; i < Math.ceil(spec.clients / 2); i++) {
    const ext = `wm${spec.seed}x${i}`;
    const [contact] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO wecom_external_contact (corp_id, external_userid, name) VALUES (${corp}, ${ext}, ${`客户${i}`}) RETURNING id`,
    );
    const staff = userOrNull();
    const userid = `staff${staff?.id ?? 'x'}`;
    await db.execute(
      sql`INSERT INTO wecom_relation (corp_id, external_userid, userid, contact_id, staff_user_id, add_time)
          VALUES (${corp}, ${ext}, ${userid}, ${contact?.id}, ${staff?.id ?? null}, ${at(spec.from, day(), r)})`,
    );
    if (r.chance(0.3)) {
      const change = r.pick(['del_follow_user', 'del_external_contact']);
      await db.execute(
        sql`INSERT INTO wecom_callback_event (app_id, corp_id, dedup_key, event, change_type, payload, status, received_at)
            VALUES (1, ${corp}, ${`${ext}:${change}`}, 'change_external_contact', ${change},
              ${JSON.stringify({ ExternalUserID: ext, UserID: userid })}::jsonb, ${r.chance(0.9) ? 'DONE' : 'FAILED'}, ${at(spec.from, day(), r)})`,
      );
    }
  }
  // Orders with lines; payment after creation; refunds later; attribution changes.
  const orders: { id: number; pay: number; paid: Date | null; items: { id: number; pay: number }[] }[] = [];
  for (let i = 0; i < spec.clients; i++) {
    const c = r.pick(clients);
    const sales = userOrNull();
    const lines = Array.from({ length: r.int(1, 2) }, () => ({ ...r.pick(skus), qty: r.int(1, 3) }));
    const total = lines.reduce((s, l) => s + l.price * l.qty, 0);
    const discount = r.chance(0.3) ? Math.min(total, r.int(1, 50) * 100) : 0;
    const pay = total - discount;
    const paidDay = day();
    const paid = r.chance(0.8) ? at(spec.from, paidDay, r) : null;
    const [o] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO sales_order (order_no, client_id, total_amount, discount_amount, pay_amount, status, pay_time, sales_user_id, sales_dept_id, channel_id, source_platform_id, created_at)
          VALUES (${`DC${spec.seed}N${i}`}, ${c.id}, ${total}, ${discount}, ${pay}, ${paid ? 'PAID' : 'PENDING'}, ${paid}, ${sales?.id ?? null}, ${sales?.dept ?? null},
            ${r.pick(channels)}, ${r.pick(platforms)}, ${paid ?? at(spec.from, day(), r)}) RETURNING id`,
    );
    let left = pay;
    const items: { id: number; pay: number }[] = [];
    for (const [n, l] of lines.entries()) {
      const share = n === lines.length - 1 ? left : Math.floor((pay * l.price * l.qty) / total);
      left -= share;
      const [it] = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO order_item (order_id, spu_id, sku_id, spu_name, unit_price, qty, pay_amount)
            VALUES (${o?.id}, ${l.spu}, ${l.sku}, 'x', ${l.price}, ${l.qty}, ${share}) RETURNING id`,
      );
      items.push({ id: Number(it?.id), pay: share });
    }
    orders.push({ id: Number(o?.id), pay, paid, items });
  }
  let refunds = 0;
  for (const o of orders) {
    if (!o.paid || o.pay === 0 || !r.chance(0.35)) continue;
    let left = o.pay;
    for (let k = 0; k < r.int(1, 2) && left > 0; k++) {
      const amount = r.chance(0.4) ? left : r.int(1, left);
      const when = new Date(o.paid.getTime() + r.int(0, 20) * 86_400_000 + r.int(0, 86_399) * 1000);
      const status = r.chance(0.85) ? 'SUCCESS' : r.pick(['APPLIED', 'REJECTED']);
      const first = o.items[0];
      const split = r.chance(0.5) && first && first.pay >= amount ? [{ itemId: first.id, amount }] : [];
      await db.execute(
        sql`INSERT INTO refund (refund_no, order_id, items, amount, reason, status, refunded_at)
            VALUES (${`DCR${spec.seed}N${refunds++}`}, ${o.id}, ${JSON.stringify(split)}::jsonb, ${amount}, 'test', ${status}, ${status === 'SUCCESS' ? when : null})`,
      );
      if (status === 'SUCCESS') left -= amount;
    }
  }
  for (const o of orders) {
    if (!o.paid || !r.chance(0.1)) continue;
    const to = r.pick(users);
    await db.execute(
      sql`UPDATE sales_order SET sales_user_id = ${to.id}, sales_dept_id = ${to.dept} WHERE id = ${o.id}`,
    );
  }
  return { users, clients: clients.length, orders: orders.length, refunds };
};
