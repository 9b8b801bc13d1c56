import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client';
import { histogramBelow, PlannerEstimates } from '../../src/lib/planner-estimate';
import { openTestDatabase } from '../support/app';

// A list filtered by a time window: its estimate (ListTotals) is the unwindowed estimate times the
// window's share of the column's histogram, in place of planning each window. It must agree with
// the planner's own estimate of the windowed query.
describe('planner estimate of a time window', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const DAY = 86_400_000;
  const end = Date.parse('2026-06-01T00:00:00Z');

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.db.execute(sql`CREATE TABLE sms_log_probe (id int, kind int, sent_at timestamptz)`);
    // 180 days, denser in the older days (not uniform), 40 kinds. The same rows and histogram every
    // run: the ages come from a fixed permutation of g (not random()), and ANALYZE reads every row
    // (a statistics target of 200 samples 60,000 rows).
    await database.db.execute(sql`INSERT INTO sms_log_probe
      SELECT g, g % 40, ${new Date(end).toISOString()}::timestamptz - (sqrt(((g * 7919) % 60000) / 60000.0) * 180 * interval '1 day')
      FROM generate_series(1, 60000) g`);
    await database.db.execute(sql`ALTER TABLE sms_log_probe ALTER COLUMN sent_at SET STATISTICS 200`);
    await database.db.execute(sql`ANALYZE sms_log_probe`);
  }, 120_000);
  afterAll(async () => drop?.());

  const planned = async (where: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      database.db,
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM sms_log_probe l WHERE ${where}`,
    );
    const raw = row?.['QUERY PLAN'];
    const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
    return plan[0]?.Plan['Plan Rows'] ?? 0;
  };

  it('scales the unwindowed estimate by the histogram share as the planner does', async () => {
    const planner = new PlannerEstimates(database.db, 'sms_log_probe');
    for (const [daysBack, days] of <[number, number][]>[
      [2, 7],
      [100, 30],
      [120, 60],
      [170, 7],
      [20, 1],
    ]) {
      const to = new Date(end - daysBack * DAY);
      const from = new Date(to.getTime() - days * DAY);
      const share = await planner.rangeShare('sent_at', from, to);
      expect(share).not.toBeNull();
      const base = await planner.rows(sql`FROM sms_log_probe l WHERE l.kind = 3`);
      const windowed = await planned(sql`l.kind = 3 AND l.sent_at >= ${from} AND l.sent_at <= ${to}`);
      const ours = (base ?? 0) * (share ?? 0);
      // the planner's own figure within 15% or one row (it rounds to whole rows, at least one;
      // the same histogram)
      expect(Math.abs(ours - windowed)).toBeLessThanOrEqual(Math.max(0.15 * windowed, 1));
      // and, where there are enough rows to judge, the real count within a factor of two
      const [counted] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM sms_log_probe WHERE kind = 3 AND sent_at >= ${from} AND sent_at <= ${to}`,
      );
      const n = counted?.n ?? 0;
      if (n >= 200) {
        expect(ours).toBeGreaterThan(n / 2);
        expect(ours).toBeLessThan(n * 2);
      }
    }
  });

  it('has no share without a histogram (the caller plans the windowed query instead)', async () => {
    await database.db.execute(sql`CREATE TABLE sms_log_unanalysed (id int, sent_at timestamptz)`);
    const planner = new PlannerEstimates(database.db, 'sms_log_unanalysed');
    expect(await planner.rangeShare('sent_at', new Date(end - DAY), new Date(end))).toBeNull();
  });

  it('reads an equal-count histogram linearly inside a bucket', () => {
    const below = histogramBelow([0, 10, 20, 40]);
    expect(below(-1)).toBe(0);
    expect(below(0)).toBe(0);
    expect(below(5)).toBeCloseTo(1 / 6);
    expect(below(10)).toBeCloseTo(1 / 3);
    expect(below(30)).toBeCloseTo(5 / 6);
    expect(below(40)).toBe(1);
    expect(below(99)).toBe(1);
  });
});
