import type { DashboardSummary } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { scopeCondition } from '../../lib/data-scope';
import type { Principal } from '../../types';
import { businessDay, groupFacts } from '../data-centre/engine';
import { salesMetrics } from '../data-centre/metrics';
import { salesRollup } from '../data-centre/rollup';

/** Start of the Asia/Shanghai day and month containing `now` (business days are Shanghai days). */
export const shanghaiStarts = (now: Date) => {
  const local = new Date(now.getTime() + 8 * 3600_000);
  const day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - 8 * 3600_000;
  const month = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - 8 * 3600_000;
  return { day: new Date(day), month: new Date(month) };
};

/** The dashboard's first figures, per what the caller may see (cash basis: paid minus refunds on their dates). */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * Paid, refunded and net since `from` (a Shanghai day start) to now, in the caller's scope: the
   * data centre's M12, M13 and M15 (one metric module: aggregates, with today computed live).
   */
  private async money(p: Principal, from: Date) {
    const scope = scopeCondition(p, { owner: sql`k1`, dept: sql`k2` });
    const today = businessDay(this.now());
    const g = await groupFacts(this.db, 'sales', {
      from: businessDay(from),
      to: today,
      bucket: 'range',
      key: sql`0`,
      where: scope,
      rollup: salesRollup(p, 'all'),
      live: 'auto',
      today,
    });
    const m = salesMetrics([...g.values()][0]?.facts ?? {});
    return { paid: m.M12 ?? 0, refund: m.M13 ?? 0, net: m.M15 ?? 0 };
  }

  async summary(p: Principal): Promise<DashboardSummary> {
    const { day, month } = shanghaiStarts(this.now());
    const has = (code: string) => p.permissions.has(code);
    const seesRevenue = has('order.list') && p.dataScope !== 'SELF';
    const isSales = has('client.my-list') && has('followup.create');
    const result: DashboardSummary = {
      today: null,
      month: null,
      myClients: null,
      dueFollowUps: null,
      myMonthNet: null,
      onSaleProducts: null,
      lowStockSkus: null,
    };
    if (seesRevenue) {
      result.today = await this.money(p, day);
      result.month = await this.money(p, month);
    }
    if (isSales) {
      const tomorrow = new Date(day.getTime() + 86400_000);
      const [c] = await queryRows<{ clients: number; due: number }>(
        this.db,
        sql`SELECT count(*)::int AS clients, count(*) FILTER (WHERE next_follow_time < ${tomorrow})::int AS due
            FROM client WHERE owner_user_id = ${p.userId} AND deleted = false`,
      );
      result.myClients = c?.clients ?? 0;
      result.dueFollowUps = c?.due ?? 0;
      const mine = { ...p, dataScope: 'SELF' as const };
      result.myMonthNet = (await this.money(mine, month)).net;
    }
    if (has('product.list')) {
      const [k] = await queryRows<{ on_sale: number; low: number }>(
        this.db,
        sql`SELECT (SELECT count(*)::int FROM product_spu WHERE status = 'ON' AND deleted = false) AS on_sale,
                   (SELECT count(*)::int FROM product_sku k JOIN product_spu s ON s.id = k.spu_id
                     WHERE s.status = 'ON' AND s.deleted = false AND k.archived = false AND k.status = 'ENABLED' AND k.stock IS NOT NULL AND k.stock < 10) AS low`,
      );
      result.onSaleProducts = k?.on_sale ?? 0;
      result.lowStockSkus = k?.low ?? 0;
    }
    return result;
  }
}
