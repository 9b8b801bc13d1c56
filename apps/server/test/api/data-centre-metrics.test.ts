import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import {
  addDays,
  type Bucket,
  daysBetween,
  groupFacts,
  LiveCache,
  type RollupSpec,
  type StatTable,
  TABLES,
  writeDays,
} from '../../src/modules/data-centre/engine';
import { recomputeDays } from '../../src/modules/data-centre/jobs';
import { productMetrics, salesMetrics } from '../../src/modules/data-centre/metrics';
import { ROLLUPS, writeRollupDays, writeRollups } from '../../src/modules/data-centre/rollup';
import { createTestApp, type TestApp } from '../support/app';
import { seedDataCentre } from '../support/data-centre';

/**
 * Every metric of DOMAIN 2.1, for every day, bucket and dimension, computed from the raw tables
 * equals the same metric computed from the daily aggregates (the nightly job's output).
 */
let t: TestApp;
const FROM = '2026-08-01';
const DAYS = 45;
const TO = addDays(FROM, DAYS - 1);

beforeAll(async () => {
  t = await createTestApp();
  await seedDataCentre(t.database.db, { seed: 20261124, from: FROM, days: DAYS, clients: 240 });
  // The aggregates of the whole range, written in two overlapping passes (a rewrite is idempotent).
  await writeDays(t.database.db, 'sales', FROM, addDays(FROM, 30));
  await writeDays(t.database.db, 'sales', addDays(FROM, 20), TO);
  await writeDays(t.database.db, 'product', FROM, TO);
  // The roll-ups (day rows, and the one complete month: August).
  await writeRollups(t.database.db, 'sales', FROM, TO);
  await writeRollups(t.database.db, 'product', FROM, TO);
}, 240_000);
afterAll(async () => t.close());

const KEYS = { all: sql`0`, k1: sql`k1`, k2: sql`k2`, k3: sql`k3`, k4: sql`k4`, k5: sql`k5` };
const DIM = { all: 0, k1: 1, k2: 2, k3: 3, k4: 4, k5: 5 };

/** raw, daily aggregates (not for k5: the price band is on the roll-ups only) and roll-ups. */
const compute = async (table: StatTable, bucket: Bucket, key: keyof typeof KEYS, from = FROM, to = TO) => {
  const g = { from, to, bucket, key: KEYS[key], rollup: { dim: DIM[key] } };
  const derive = table === 'sales' ? salesMetrics : productMetrics;
  const shape = (m: Awaited<ReturnType<typeof groupFacts>>) =>
    Object.fromEntries(
      [...m.values()]
        // a key with nothing counted (all zero) may exist on one side only
        .filter((s) => Object.values(s.facts).some((v) => v !== 0))
        .map((s) => [`${s.bucket}|${s.key}`, { facts: s.facts, metrics: derive(s.facts) }]),
    );
  const raw = shape(await groupFacts(t.database.db, table, { ...g, live: 'all' }));
  const agg = key === 'k5' ? raw : shape(await groupFacts(t.database.db, table, { ...g, live: 'none' }));
  const rolled = shape(await groupFacts(t.database.db, table, { ...g, live: 'rollup' }));
  return { raw, agg, rolled };
};

describe('raw tables, daily aggregates and roll-ups give the same metrics', () => {
  for (const table of ['sales', 'product'] as const) {
    for (const bucket of ['day', 'week', 'month', 'range'] as const) {
      for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
        if (table === 'sales' && key === 'k5') continue;
        it(`${table} by ${bucket} and ${key}`, async () => {
          const { raw, agg, rolled } = await compute(table, bucket, key);
          expect(Object.keys(raw).length).toBeGreaterThan(0);
          expect(agg).toEqual(raw);
          expect(rolled).toEqual(raw);
        });
        // A range starting and ending inside months and weeks (partial buckets, ids seen before).
        it(`${table} by ${bucket} and ${key}, a range inside the data`, async () => {
          const { raw, rolled } = await compute(table, bucket, key, addDays(FROM, 9), addDays(TO, -4));
          expect(Object.keys(raw).length).toBeGreaterThan(0);
          expect(rolled).toEqual(raw);
        });
      }
    }
  }

  it('a range ending on a live day (today: raw) adds the new ids to the roll-ups exactly', async () => {
    const today = addDays(TO, -5);
    for (const table of ['sales', 'product'] as const)
      for (const bucket of ['week', 'month', 'range'] as const)
        for (const key of ['all', 'k1', 'k3'] as const) {
          const g = { from: addDays(FROM, 2), to: TO, bucket, key: KEYS[key], today };
          const raw = await groupFacts(t.database.db, table, { ...g, live: 'all' });
          const mixed = await groupFacts(t.database.db, table, {
            ...g,
            live: 'rollup',
            rollup: { dim: DIM[key] },
          });
          const nonZero = (m: typeof raw) =>
            Object.fromEntries(
              [...m]
                .filter(([, s]) => Object.values(s.facts).some((v) => v !== 0))
                .map(([k, s]) => [k, s.facts]),
            );
          expect(nonZero(mixed), `${table} ${bucket} ${key}`).toEqual(nonZero(raw));
        }
  });

  it("today's events read once per request (LiveCache) give the same figures as one statement per grouping", async () => {
    const today = addDays(TO, -5);
    for (const table of ['sales', 'product'] as const) {
      const cache = new LiveCache(t.database.db);
      let groupings = 0;
      for (const bucket of ['day', 'week', 'month', 'range'] as const)
        for (const key of ['all', 'k1', 'k3'] as const)
          for (const sumsOnly of [false, true]) {
            const g = {
              from: addDays(FROM, 2),
              to: TO,
              bucket,
              key: KEYS[key],
              today,
              sumsOnly,
              rollup: { dim: DIM[key] },
            };
            const perGrouping = await groupFacts(t.database.db, table, { ...g, live: 'auto' });
            const shared = await groupFacts(t.database.db, table, {
              ...g,
              live: 'auto',
              shared: { cache, keyCol: DIM[key] },
            });
            groupings++;
            const nonZero = (m: typeof shared) =>
              Object.fromEntries(
                [...m]
                  .filter(([, s]) => Object.values(s.facts).some((v) => v !== 0))
                  .map(([k, s]) => [k, s.facts]),
              );
            expect(nonZero(shared), `${table} ${bucket} ${key} ${sumsOnly}`).toEqual(nonZero(perGrouping));
            if (!sumsOnly) {
              const raw = await groupFacts(t.database.db, table, { ...g, live: 'all' });
              expect(nonZero(shared), `${table} ${bucket} ${key} raw`).toEqual(nonZero(raw));
            }
          }
      // One statement for the ids and sums of every grouping (the first grouping asks for ids).
      expect(groupings).toBe(24);
      expect(cache.statements).toBe(1);
      // A request asking the sums first and the ids later reads once when it says so (the history).
      const both = new LiveCache(t.database.db, { where: sql`TRUE` }, true);
      const g = {
        from: addDays(FROM, 2),
        to: TO,
        key: KEYS.k1,
        today,
        rollup: { dim: 1 },
        live: 'auto' as const,
      };
      const shared = { cache: both, keyCol: 1 };
      await groupFacts(t.database.db, table, { ...g, bucket: 'range', sumsOnly: true, shared });
      const ids = await groupFacts(t.database.db, table, { ...g, bucket: 'week', shared });
      const ref = await groupFacts(t.database.db, table, { ...g, bucket: 'week', live: 'all' });
      const nz = (m: typeof ids) =>
        Object.fromEntries(
          [...m].filter(([, s]) => Object.values(s.facts).some((v) => v !== 0)).map(([k, s]) => [k, s.facts]),
        );
      expect(nz(ids)).toEqual(nz(ref));
      expect(both.statements).toBe(1);
    }
    // One key kept (only), under a condition (a sales user's own rows, relabelled as everything),
    // with the user pinned in the facts' own SQL (k1) against the raw events filtered after.
    const [u] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT user_id AS id FROM stat_sales_daily WHERE user_id > 0 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const me = Number(u?.id);
    const own = new LiveCache(t.database.db, { where: sql`k1 = ${me}`, k1: me });
    for (const bucket of ['day', 'range'] as const) {
      const g = { from: addDays(FROM, 3), to: TO, bucket, key: sql`0`, where: sql`k1 = ${me}`, today };
      const raw = await groupFacts(t.database.db, 'sales', { ...g, live: 'all' });
      const shared = await groupFacts(t.database.db, 'sales', {
        ...g,
        k1: me,
        live: 'auto',
        rollup: { dim: 1, only: [me], relabel: 0 },
        shared: { cache: own, keyCol: 0 },
      });
      const nonZero = (m: typeof raw) =>
        Object.fromEntries(
          [...m].filter(([, s]) => Object.values(s.facts).some((v) => v !== 0)).map(([k, s]) => [k, s.facts]),
        );
      expect(nonZero(raw)).not.toEqual({});
      expect(nonZero(shared)).toEqual(nonZero(raw));
      // The pin on every path that reads raw events: live days beside the roll-ups, the daily
      // aggregates, the raw tables only.
      const paths: ['auto' | 'all', RollupSpec | undefined][] = [
        ['auto', { dim: 1, only: [me], relabel: 0 }],
        ['auto', undefined],
        ['all', undefined],
      ];
      for (const [live, rollup] of paths) {
        const pinned = await groupFacts(t.database.db, 'sales', {
          ...g,
          k1: me,
          live,
          ...(rollup ? { rollup } : {}),
        });
        expect(nonZero(pinned), `pinned ${bucket} ${live} ${rollup ? 'rollup' : 'daily'}`).toEqual(
          nonZero(raw),
        );
      }
      const byUser = await groupFacts(t.database.db, 'sales', {
        ...g,
        key: sql`k1`,
        where: sql`k1 = ANY(${`{${me}}`}::bigint[])`,
        live: 'auto',
        rollup: { dim: 1, only: [me] },
        shared: { cache: new LiveCache(t.database.db), keyCol: 1, only: [me] },
      });
      const rawByUser = await groupFacts(t.database.db, 'sales', {
        ...g,
        key: sql`k1`,
        where: sql`k1 = ${me}`,
        live: 'all',
      });
      expect(nonZero(byUser)).toEqual(nonZero(rawByUser));
    }
  });

  it('sums of any range from the month prefixes equal the raw sums', async () => {
    const ranges: [string, string][] = [
      [FROM, TO],
      [addDays(FROM, 9), addDays(TO, -4)],
      [addDays(FROM, 40), TO],
      [addDays(FROM, 3), addDays(FROM, 20)],
    ];
    for (const table of ['sales', 'product'] as const)
      for (const [from, to] of ranges)
        for (const key of ['all', 'k1', 'k3'] as const) {
          const g = { from, to, bucket: 'range' as const, key: KEYS[key] };
          const raw = await groupFacts(t.database.db, table, { ...g, live: 'all' });
          const sums = await groupFacts(t.database.db, table, {
            ...g,
            live: 'rollup',
            sumsOnly: true,
            rollup: { dim: DIM[key] },
          });
          const sumFacts = TABLES[table].facts.filter((f) => f.kind === 'sum').map((f) => f.column);
          const pick = (m: typeof raw) =>
            Object.fromEntries(
              [...m]
                .map(([k, s]) => [k, Object.fromEntries(sumFacts.map((f) => [f, s.facts[f] ?? 0]))] as const)
                .filter(([, f]) => Object.values(f).some((v) => v !== 0)),
            );
          expect(pick(sums), `${table} ${from}..${to} ${key}`).toEqual(pick(raw));
        }
  });

  it('roll-up day rows read from the daily aggregates are the rows read from the raw tables', async () => {
    class Rollback extends Error {}
    const from = addDays(FROM, 30);
    const dayRows = async (
      table: StatTable,
      opts: { fromDaily: boolean },
      only?: number[],
      tamper = false,
    ) => {
      let rows: Record<string, unknown>[] = [];
      await t.database.db
        .transaction(async (tx) => {
          // A day's aggregates emptied: the rows written from them must show it (they are read).
          if (tamper)
            await tx.execute(sql`DELETE FROM ${sql.raw(TABLES[table].name)} WHERE stat_date = ${TO}::date`);
          await writeRollupDays(tx, table, from, TO, only, opts);
          rows = await queryRows(
            tx,
            sql`SELECT * FROM ${sql.raw(ROLLUPS[table].name)} WHERE span = 'D' AND start_date >= ${from}::date
                ORDER BY start_date, dim, key`,
          );
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
      return rows;
    };
    const raw = await dayRows('sales', { fromDaily: false });
    expect(raw.filter((r) => Number(r.followed_clients) > 0).length).toBeGreaterThan(100);
    expect(raw.some((r) => (r.paying_clients_gaps as number[]).length > 0)).toBe(true);
    expect(await dayRows('sales', { fromDaily: true })).toEqual(raw);
    expect(await dayRows('sales', { fromDaily: true }, undefined, true)).not.toEqual(raw);
    // The price band (dim 5) is not a key of the daily rows: the other dimensions of the products.
    const products = await dayRows('product', { fromDaily: false }, [0, 1, 2, 3, 4]);
    expect(products.some((r) => (r.buyers_gaps as number[]).length > 0)).toBe(true);
    expect(await dayRows('product', { fromDaily: true }, [0, 1, 2, 3, 4])).toEqual(products);
    expect(await dayRows('product', { fromDaily: true }, [0, 1, 2, 3, 4], true)).not.toEqual(products);
    // With the price band, the products are read from the raw tables.
    expect(await dayRows('product', { fromDaily: true }, undefined, true)).toEqual(
      await dayRows('product', { fromDaily: false }),
    );
  });

  it('roll-ups of one key (a sales user, relabelled as everything) equal the raw rows', async () => {
    const [u] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT user_id AS id FROM stat_sales_daily WHERE user_id > 0 GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const me = Number(u?.id);
    for (const bucket of ['day', 'month', 'range'] as const) {
      const g = { from: addDays(FROM, 3), to: TO, bucket, key: sql`0`, where: sql`k1 = ${me}` };
      const raw = await groupFacts(t.database.db, 'sales', { ...g, live: 'all' });
      const rolled = await groupFacts(t.database.db, 'sales', {
        ...g,
        live: 'rollup',
        rollup: { dim: 1, only: [me], relabel: 0 },
      });
      const nonZero = (m: typeof raw) =>
        Object.fromEntries(
          [...m].filter(([, s]) => Object.values(s.facts).some((v) => v !== 0)).map(([k, s]) => [k, s.facts]),
        );
      expect(nonZero(rolled)).toEqual(nonZero(raw));
    }
  });

  it('the data set exercises every fact (no metric is trivially zero)', async () => {
    for (const table of ['sales', 'product'] as const) {
      const [s] = [
        ...(
          await groupFacts(t.database.db, table, {
            from: FROM,
            to: TO,
            bucket: 'range',
            key: sql`0`,
            live: 'none',
          })
        ).values(),
      ];
      for (const [fact, v] of Object.entries(s?.facts ?? {}))
        expect(v, `${table}.${fact}`).toBeGreaterThan(0);
    }
  });

  it('mixes aggregate days with live days exactly (distinct counts are not double counted)', async () => {
    // Half the days from the aggregates, half live (dirty): equal to all-raw, per week and user.
    const half = Array.from({ length: DAYS }, (_, i) => addDays(FROM, i)).filter((_, i) => i % 2 === 0);
    for (const d of half)
      await t.database.db.execute(sql`INSERT INTO stat_dirty_date (stat_date) VALUES (${d}::date)`);
    const g = { from: FROM, to: TO, bucket: 'week' as const, key: sql`k1`, today: '2099-01-01' };
    const mixed = await groupFacts(t.database.db, 'sales', { ...g, live: 'auto' });
    const raw = await groupFacts(t.database.db, 'sales', { ...g, live: 'all' });
    const nonZero = (m: typeof raw) =>
      Object.fromEntries(
        [...m].filter(([, s]) => Object.values(s.facts).some((v) => v !== 0)).map(([k, s]) => [k, s.facts]),
      );
    expect(nonZero(mixed)).toEqual(nonZero(raw));
    await t.database.db.execute(sql`DELETE FROM stat_dirty_date`);
  });

  it('a rebuild with nothing later to patch (chunks side by side on PostgreSQL) rewrites the same rows', async () => {
    const db = t.database.db;
    const snapshot = async () =>
      Promise.all(
        [
          sql`SELECT * FROM stat_sales_daily ORDER BY stat_date, user_id, dept_id, channel_id, platform_id`,
          sql`SELECT * FROM stat_product_daily ORDER BY stat_date, spu_id, sku_id, platform_id, channel_id`,
          sql`SELECT * FROM stat_sales_rollup ORDER BY span, start_date, dim, key`,
          sql`SELECT * FROM stat_product_rollup ORDER BY span, start_date, dim, key`,
        ].map((q) => queryRows(db, q)),
      );
    const before = await snapshot();
    expect(before[2]?.length).toBeGreaterThan(1000);
    const generations = async () =>
      Object.fromEntries(
        (await queryRows<{ name: string; gen: number }>(db, sql`SELECT name, gen FROM stat_generation`)).map(
          (r) => [r.name, Number(r.gen)],
        ),
      );
    const genBefore = await generations();
    // The last 40 days, gone (two chunks per table, nothing rolled up after them) and rebuilt.
    const first = addDays(TO, -39);
    for (const table of ['sales', 'product'] as const) {
      await db.execute(sql`DELETE FROM ${sql.raw(TABLES[table].name)} WHERE stat_date >= ${first}::date`);
      await db.execute(
        sql`DELETE FROM ${sql.raw(ROLLUPS[table].name)} WHERE start_date >= (CASE WHEN span = 'D' THEN ${first}::date ELSE date_trunc('month', ${first}::date)::date END)`,
      );
    }
    const result = await recomputeDays(db, daysBetween(first, TO));
    expect(result).toMatchObject({
      days: 40,
      patched: 0,
      rewritten: [],
      sideBySide: t.database.kind === 'postgres',
    });
    const after = await snapshot();
    expect(after).toEqual(before);
    // Cached past-day figures are dropped: both generations moved.
    const genAfter = await generations();
    expect(genAfter.sales).toBeGreaterThan(genBefore.sales ?? 0);
    expect(genAfter.product).toBeGreaterThan(genBefore.product ?? 0);
    // Every daily row written is counted (the workers add up their counts).
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM stat_sales_daily WHERE stat_date >= ${first}::date)
               + (SELECT count(*) FROM stat_product_daily WHERE stat_date >= ${first}::date) AS n`,
    );
    expect(result.rows).toBe(Number(n?.n));
  });

  it('a writer bumping the generation last holds its counter only for the commit (PostgreSQL)', async (ctx) => {
    if (t.database.kind !== 'postgres') ctx.skip();
    const db = t.database.db;
    const bumpElsewhere = (timeout: string) =>
      db.transaction(async (tx2) => {
        await tx2.execute(sql.raw(`SET LOCAL lock_timeout = '${timeout}'`));
        await tx2.execute(sql`UPDATE stat_generation SET gen = gen + 1 WHERE name = 'sales'`);
      });
    class Rollback extends Error {}
    const writeThen = async (late: boolean) =>
      db
        .transaction(async (tx) => {
          if (late) await tx.execute(sql`SET LOCAL educrm.generation_late = 'on'`);
          await tx.execute(sql`DELETE FROM stat_sales_daily WHERE stat_date = ${TO}::date`);
          // Another writer of the same table, while this one is still open.
          await bumpElsewhere('1s');
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        });
    const blocked = (await writeThen(false).catch((e) => e)) as { cause?: { code?: string } } | undefined;
    expect(blocked?.cause?.code).toBe('55P03'); // lock_not_available: canceled by the lock timeout
    await expect(writeThen(true)).resolves.toBeUndefined();
  });

  it('recomputing days after a change (by id, later day rows, chunks, months) keeps every source exact', async () => {
    const db = t.database.db;
    // Follow-ups moved three days back: the days they left and reached, and the later days whose
    // gaps (days since the same client's previous follow-up) move with them.
    const moved = await queryRows<{ id: string }>(
      db,
      sql`UPDATE follow_up SET created_at = created_at - interval '3 days' WHERE id IN (
            SELECT id FROM follow_up WHERE deleted = false AND created_at >= ${new Date(`${addDays(FROM, 10)}T00:00:00+08:00`)}
              AND created_at < ${new Date(`${addDays(FROM, 12)}T00:00:00+08:00`)} ORDER BY id LIMIT 25) RETURNING id`,
    );
    expect(moved.length).toBeGreaterThan(0);
    // Six days: looked up by id, the later day rows patched; then ten unchanged days: one
    // set-based chunk (idempotent), nothing to patch.
    const changed = await recomputeDays(
      db,
      Array.from({ length: 6 }, (_, i) => addDays(FROM, 7 + i)),
    );
    expect(changed.patched).toBeGreaterThan(0);
    expect(changed.rewritten).toEqual([]);
    const unchanged = await recomputeDays(
      db,
      Array.from({ length: 10 }, (_, i) => addDays(FROM, 20 + i)),
    );
    expect(unchanged).toMatchObject({ patched: 0, rewritten: [] });
    for (const table of ['sales', 'product'] as const)
      for (const bucket of ['day', 'week', 'month', 'range'] as const)
        for (const key of ['all', 'k1', 'k2'] as const) {
          const { raw, agg, rolled } = await compute(table, bucket, key);
          expect(agg, `${table} ${bucket} ${key}`).toEqual(raw);
          expect(rolled, `${table} ${bucket} ${key}`).toEqual(raw);
          const inside = await compute(table, bucket, key, addDays(FROM, 8), addDays(TO, -6));
          expect(inside.rolled, `${table} ${bucket} ${key} inside`).toEqual(inside.raw);
        }
  });

  const everyKeyEqual = async (label: string) => {
    for (const table of ['sales', 'product'] as const)
      for (const bucket of ['day', 'week', 'month', 'range'] as const)
        for (const key of Object.keys(KEYS) as (keyof typeof KEYS)[]) {
          if (table === 'sales' && key === 'k5') continue;
          const { raw, agg, rolled } = await compute(table, bucket, key);
          expect(agg, `${label}: ${table} ${bucket} ${key}`).toEqual(raw);
          expect(rolled, `${label}: ${table} ${bucket} ${key}`).toEqual(raw);
        }
  };
  const paidOn = (d: string) =>
    sql`pay_time >= ${new Date(`${d}T00:00:00+08:00`)} AND pay_time < ${new Date(`${addDays(d, 1)}T00:00:00+08:00`)}`;

  it('late changes of orders (attribution, an earlier payment) are patched into the later rows, or rewritten: same figures', async () => {
    const db = t.database.db;
    const day = addDays(FROM, 14);
    // Orders paid that day change sales user and channel (sales keys k1, k3; product key k4) ...
    const moved = await queryRows<{ id: number }>(
      db,
      sql`UPDATE sales_order o SET
            sales_user_id = (SELECT u.id FROM admin_user u WHERE u.id IS DISTINCT FROM o.sales_user_id ORDER BY u.id LIMIT 1),
            channel_id = CASE WHEN o.channel_id = 901 THEN 902 ELSE 901 END
          WHERE o.id IN (SELECT id FROM sales_order WHERE ${paidOn(day)} ORDER BY id LIMIT 4)
          RETURNING o.id`,
    );
    expect(moved.length).toBeGreaterThan(0);
    // ... and orders paid three days later are found to have been paid that day (product
    // occurrences move: their price-band rows are rewritten).
    const earlier = await queryRows<{ id: number }>(
      db,
      sql`UPDATE sales_order SET pay_time = pay_time - interval '3 days'
          WHERE id IN (SELECT id FROM sales_order WHERE ${paidOn(addDays(day, 3))} ORDER BY id LIMIT 3)
          RETURNING id`,
    );
    expect(earlier.length).toBeGreaterThan(0);
    const patched = await recomputeDays(db, [day, addDays(day, 3)]);
    expect(patched.patched).toBeGreaterThan(0);
    expect(patched.rewritten).toEqual(['product.band']);
    await everyKeyEqual('patched');

    // The same kind of change with patching off: every later row rewritten, the same figures.
    await db.execute(
      sql`UPDATE sales_order SET pay_time = pay_time + interval '2 days' WHERE id = ANY(${`{${earlier.map((r) => r.id).join(',')}}`}::bigint[])`,
    );
    const rewritten = await recomputeDays(db, [day, addDays(day, 2)], undefined, { patchLimit: 0 });
    expect(rewritten).toMatchObject({ patched: 0, rewritten: ['product', 'sales'] });
    await everyKeyEqual('rewritten');
  }, 120_000);

  it('a deleted client leaves M01 of its creation day only once the day is recomputed', async () => {
    const [c] = await queryRows<{ id: number; d: string }>(
      t.database.db,
      sql`SELECT id, to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS d FROM client
            WHERE deleted = false AND created_at >= ${new Date(`${FROM}T00:00:00+08:00`)}
              AND created_at < ${new Date(`${addDays(TO, 1)}T00:00:00+08:00`)} ORDER BY id LIMIT 1`,
    );
    if (!c) throw new Error('no client');
    const g = { from: c.d, to: c.d, bucket: 'day' as const, key: sql`0` };
    const before = salesMetrics(
      [...(await groupFacts(t.database.db, 'sales', { ...g, live: 'none' })).values()][0]?.facts ?? {},
    );
    await t.database.db.execute(sql`UPDATE client SET deleted = true WHERE id = ${c.id}`);
    const raw = salesMetrics(
      [...(await groupFacts(t.database.db, 'sales', { ...g, live: 'all' })).values()][0]?.facts ?? {},
    );
    expect(raw.M01).toBe((before.M01 ?? 0) - 1);
    await writeDays(t.database.db, 'sales', c.d, c.d);
    const after = salesMetrics(
      [...(await groupFacts(t.database.db, 'sales', { ...g, live: 'none' })).values()][0]?.facts ?? {},
    );
    expect(after.M01).toBe(raw.M01);
  });
});
