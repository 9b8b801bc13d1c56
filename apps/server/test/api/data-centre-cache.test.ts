import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client';
import type { JobQueue } from '../../src/jobs/queue';
import { type CacheMode, readStamps, TODAY_MAX_AGE_MS } from '../../src/modules/data-centre/cache';
import { addDays } from '../../src/modules/data-centre/engine';
import { recomputeDays, statsNightlyJob } from '../../src/modules/data-centre/jobs';
import { DataCentreService } from '../../src/modules/data-centre/service';
import { ADMIN_PASSWORD, createTestApp, onPostgres, type TestApp } from '../support/app';
import { uploadImage } from '../support/commerce';
import { dcCaller, seedDataCentre } from '../support/data-centre';

/**
 * The data centre's cache (cache.ts): past-day parts kept per aggregate generation, today's rows
 * for a short time. A write to the source tables of today costs no past part and shows once
 * today's rows are read again (the clock moved past their period); a late change on an old day
 * shows at once (its dirty mark) and again after the recompute (a new generation); two server
 * instances on one database never answer a stale past figure. Every answer is compared with
 * `off` (nothing shared) computed at the same moment.
 */
let t: TestApp;
let admin: string;
const FROM = '2026-08-01';
const DAYS = 40;
// Noon in Shanghai, a month after the data: the app's "today".
const NOW = new Date('2026-10-20T04:00:00Z');
const TODAY = '2026-10-20';

const adminP = dcCaller(1);
const service = (cache: CacheMode, now: () => Date, db = t.database.db, todayMaxAgeMs?: number) =>
  new DataCentreService(db, now, { register() {} } as unknown as JobQueue, { cache, todayMaxAgeMs });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = NOW;
  admin = await t.login('admin', ADMIN_PASSWORD);
  await seedDataCentre(t.database.db, { seed: 11, from: FROM, days: DAYS, clients: 120 });
  await statsNightlyJob.run({
    db: t.database.db,
    now: NOW,
    data: {},
    attempt: 0,
    trigger: 'MANUAL',
    signal: new AbortController().signal,
    progress: async () => {},
  });
});
afterAll(async () => t.close());

/**
 * A follow-up and a paid order written on `day` at noon, straight in SQL (source tables only);
 * returns their removal (a day that later tests see as past must match its aggregates again).
 */
let written = 0;
const writeOn = async (day: string, amount: number) => {
  const at = new Date(`${day}T12:00:00+08:00`);
  const [c] = await queryRows<{ id: string; owner: string; dept: string | null }>(
    t.database.db,
    sql`SELECT c.id, u.id AS owner, u.department_id AS dept FROM client c
          CROSS JOIN LATERAL (SELECT id, department_id FROM admin_user WHERE department_id IS NOT NULL ORDER BY id LIMIT 1) u
        WHERE c.deleted = false ORDER BY c.id LIMIT 1`,
  );
  if (!c) throw new Error('no client');
  const [f] = await queryRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO follow_up (client_id, type, source, created_by, deleted, created_at)
        VALUES (${c.id}, 'CALL', 'MANUAL', ${c.owner}, false, ${at}) RETURNING id`,
  );
  written++;
  const no = `DCW${written}`;
  await t.database.db.execute(
    sql`INSERT INTO sales_order (order_no, client_id, total_amount, discount_amount, pay_amount, status, pay_time, sales_user_id, sales_dept_id, created_at)
        VALUES (${no}, ${c.id}, ${amount}, 0, ${amount}, 'PAID', ${at}, ${c.owner}, ${c.dept}, ${at})`,
  );
  return async () => {
    await t.database.db.execute(sql`DELETE FROM follow_up WHERE id = ${f?.id}`);
    await t.database.db.execute(sql`DELETE FROM sales_order WHERE order_no = ${no}`);
  };
};

describe('data centre: past parts per aggregate generation', () => {
  it("a cached past part survives a source write of today, and the answer has today's change", async () => {
    // "Today" inside the data: the days before come from the roll-ups, today from the raw tables.
    const today = addDays(FROM, 20);
    let clock = new Date(`${today}T15:00:00+08:00`);
    const now = () => clock;
    const on = service('on', now);
    // Today computed per request: the write shows at once.
    const live = service('on', now, t.database.db, 0);
    const off = service('off', now);
    const q = {
      from: addDays(FROM, 5),
      to: today,
      granularity: 'day',
      dimension: 'sales',
      page: 1,
      pageSize: 20,
      sort: 'M12',
      order: 'desc',
    } as const;
    const views = (s: DataCentreService) =>
      Promise.all([
        s.series(adminP, q),
        s.series(adminP, { ...q, dimension: 'all', granularity: 'week' }),
        s.overview(adminP),
        s.daily(adminP, today),
        s.productDaily({ from: addDays(FROM, 5), to: today, level: 'spu' }),
        s.productOverview({ from: addDays(FROM, 5), to: today, level: 'sku' }),
      ]);
    // Views whose keys do not depend on today's figures (a history page's keys are ranked over the
    // range, today included: a write can change which keys the page reads).
    const fixed = (s: DataCentreService) =>
      Promise.all([
        s.series(adminP, { ...q, dimension: 'all', granularity: 'week' }),
        s.series(adminP, { ...q, dimension: 'channel', granularity: 'day', pageSize: 100 }),
        s.overview(adminP),
        s.daily(adminP, today),
        s.productDaily({ from: addDays(FROM, 5), to: today, level: 'spu' }),
      ]);
    const ref = await views(off);
    expect(await views(on)).toEqual(ref);
    expect(await views(live)).toEqual(ref);
    const fixedRef = await fixed(off);
    expect(await fixed(on)).toEqual(fixedRef);
    const gen = (await readStamps(t.database.db)).gen;
    const misses = on.pastParts.misses;
    const hits = on.pastParts.hits;
    expect(misses).toBeGreaterThan(0);

    // A source write of today: the generation does not move.
    const undo = await writeOn(today, 12_345);
    try {
      expect((await readStamps(t.database.db)).gen).toBe(gen);
      expect(await fixed(live)).toEqual(await fixed(off));
      // The kept rows of today serve until their period is over.
      clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
      const fixedChanged = await fixed(off);
      const m12 = (x: typeof fixedRef) => x[2].day.find((c) => c.code === 'M12')?.value ?? 0;
      expect(m12(fixedChanged)).toBe(m12(fixedRef) + 12_345);
      const m03 = (x: typeof fixedRef) => x[0].totals[0]?.metrics.M03 ?? 0;
      expect(m03(fixedChanged)).toBe(m03(fixedRef) + 1);
      expect(await fixed(on)).toEqual(fixedChanged);
      // Every past part of these views came from the cache: none recomputed.
      expect(on.pastParts.misses).toBe(misses);
      expect(on.pastParts.hits).toBeGreaterThan(hits);
      const changed = await views(off);
      expect(changed).not.toEqual(ref);
      expect(await views(on)).toEqual(changed);
      expect(await views(live)).toEqual(changed);
    } finally {
      await undo();
    }
    clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
    const back = await views(off);
    expect(back.map((x) => ({ ...x, asOf: null }))).toEqual(ref.map((x) => ({ ...x, asOf: null })));
    expect(await views(on)).toEqual(back);
  });

  it("requests overlapping writes of today each see every write committed before their today's rows were read", async () => {
    const today = addDays(FROM, 20);
    let clock = new Date(`${today}T15:00:00+08:00`);
    const now = () => clock;
    const on = service('on', now);
    const off = service('off', now);
    const m12 = (x: Awaited<ReturnType<DataCentreService['overview']>>) =>
      x.day.find((c) => c.code === 'M12')?.value ?? 0;
    const base = m12(await off.overview(adminP));
    const undos: (() => Promise<void>)[] = [];
    try {
      const pending: { expected: number; answer: ReturnType<DataCentreService['overview']> }[] = [];
      let added = 0;
      for (let i = 1; i <= 6; i++) {
        undos.push(await writeOn(today, 1000 * i));
        added += 1000 * i;
        // Each request after the rows kept before it are over their period (a read in flight
        // from before must not serve it); not awaited: the next write commits while it runs.
        clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
        pending.push({ expected: base + added, answer: on.overview(adminP) });
      }
      for (const x of pending) expect(m12(await x.answer)).toBeGreaterThanOrEqual(x.expected);
      expect(await on.overview(adminP)).toEqual(await off.overview(adminP));
      expect(m12(await on.overview(adminP))).toBe(base + added);
      expect(on.todayRows.reads).toBeGreaterThanOrEqual(6);
    } finally {
      for (const undo of undos) await undo();
    }
  });

  it('a late change on an old day shows at once (dirty mark) and after the recompute (new generation)', async () => {
    const on = service('on', t.clock.now);
    const off = service('off', t.clock.now);
    const q = {
      from: FROM,
      to: TODAY,
      granularity: 'day',
      dimension: 'all',
      page: 1,
      pageSize: 20,
      sort: 'M12',
      order: 'desc',
    } as const;
    const qSales = { ...q, granularity: 'month', dimension: 'sales' } as const;
    const views = (s: DataCentreService) =>
      Promise.all([
        s.series(adminP, q),
        s.series(adminP, qSales),
        s.productOverview({ from: FROM, to: TODAY, level: 'spu' }),
      ]);
    const ref = await views(off);
    expect(await views(on)).toEqual(ref);
    const gen0 = (await readStamps(t.database.db)).gen;

    // A payment confirmed with an old date (the API marks the day dirty in its transaction).
    const day = addDays(FROM, 7);
    const [order] = await queryRows<{ id: string; pay_amount: string; version: number }>(
      t.database.db,
      sql`SELECT id, pay_amount, version FROM sales_order WHERE status = 'PENDING' AND order_no LIKE 'DC11N%' AND pay_amount > 0 ORDER BY id LIMIT 1`,
    );
    if (!order) throw new Error('no pending order');
    const voucher = await uploadImage(t, admin, 'voucher');
    const confirm = await t.call('POST', `/api/v1/orders/${order.id}/confirm-payment`, {
      token: admin,
      body: {
        payMethod: 'BANK_TRANSFER',
        paidAt: new Date(`${day}T12:00:00+08:00`).toISOString(),
        voucherUrls: [voucher],
        version: order.version,
      },
    });
    expect(confirm.status).toBe(200);
    const stamps = await readStamps(t.database.db);
    expect(stamps.dirty).toContain(day);
    const marked = await views(off);
    const dayM12 = (x: typeof ref) => x[0].rows.find((r) => r.bucket === day)?.metrics.M12 ?? 0;
    expect(dayM12(marked)).toBe(dayM12(ref) + Number(order.pay_amount));
    expect(await views(on)).toEqual(marked);

    // The recompute clears the mark and writes the day: a new generation, the same figures.
    await recomputeDays(
      t.database.db,
      stamps.dirty.filter((d) => d < TODAY),
    );
    const after = await readStamps(t.database.db);
    expect(after.gen).not.toBe(gen0);
    expect(after.dirty).not.toContain(day);
    const misses = on.pastParts.misses;
    const recomputed = await views(off);
    expect(recomputed).toEqual(marked);
    expect(await views(on)).toEqual(recomputed);
    expect(on.pastParts.misses).toBeGreaterThan(misses);

    // An aggregate rewritten in SQL behind the service's back (no code path involved): the trigger
    // moves the generation, so the cached past part is not served.
    const gen1 = after.gen;
    await t.database.db.execute(
      sql`UPDATE stat_sales_rollup SET paid_amount = paid_amount + 1 WHERE span = 'D' AND dim = 0 AND start_date = ${day}::date`,
    );
    try {
      expect((await readStamps(t.database.db)).gen).not.toBe(gen1);
      const bumped = await views(on);
      expect(dayM12(bumped)).toBe(dayM12(recomputed) + 1);
    } finally {
      await t.database.db.execute(
        sql`UPDATE stat_sales_rollup SET paid_amount = paid_amount - 1 WHERE span = 'D' AND dim = 0 AND start_date = ${day}::date`,
      );
    }
    expect(await views(on)).toEqual(recomputed);
  });

  it('two server instances on one database never answer a stale figure', async () => {
    // Instance A: the app (HTTP). Instance B: on PostgreSQL a
    // second app with its own pool (another process behind the balancer); on PGlite (one process
    // per database) a second service with its own caches on the same database.
    const second = onPostgres() ? await t.secondInstance() : null;
    const bService = service('on', t.clock.now);
    const off = service('off', t.clock.now);
    const q = { from: FROM, to: TODAY, granularity: 'week', dimension: 'sales' } as const;
    const qs = `from=${q.from}&to=${q.to}&granularity=${q.granularity}&dimension=${q.dimension}`;
    const full = { ...q, page: 1, pageSize: 20, sort: 'M12', order: 'desc' } as const;
    const viaA = async () => {
      const res = await t.call('GET', `/api/v1/data/series?${qs}`, { token: admin });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const viaB = async () => {
      if (second) {
        const res = await second.app.inject({
          method: 'GET',
          url: `/api/v1/data/series?${qs}`,
          headers: { authorization: `Bearer ${admin}` },
        });
        expect(res.statusCode).toBe(200);
        return res.json().data;
      }
      return JSON.parse(JSON.stringify(await bService.series(adminP, full)));
    };
    const reference = async () => JSON.parse(JSON.stringify(await off.series(adminP, full)));
    const check = async () => {
      const ref = await reference();
      expect(await viaA()).toEqual(ref);
      expect(await viaB()).toEqual(ref);
      return ref;
    };
    const first = await check();
    // Twice: the second answers come from each instance's caches.
    expect(await check()).toEqual(first);

    // A write of today (source tables): both show it once their kept rows of today are over.
    await writeOn(TODAY, 777);
    t.clock.advance(TODAY_MAX_AGE_MS / 1000);
    const afterWrite = await check();
    expect(afterWrite.totals).not.toEqual(first.totals);

    // A late change through A (an attribution change on an old order marks its days dirty): B shows it.
    const [order] = await queryRows<{ id: string; version: number; sales_user_id: string | null }>(
      t.database.db,
      sql`SELECT id, version, sales_user_id FROM sales_order WHERE pay_time < ${new Date(`${addDays(FROM, 30)}T00:00:00+08:00`)}
            AND order_no LIKE 'DC11N%' AND pay_amount > 0 AND sales_user_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    if (!order) throw new Error('no paid order');
    const [other] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM admin_user WHERE id <> ${order.sales_user_id} AND deleted = false ORDER BY id LIMIT 1`,
    );
    const moved = await t.call('POST', `/api/v1/orders/${order.id}/attribution`, {
      token: admin,
      body: { salesUserId: Number(other?.id), reason: 'two instances', version: order.version },
    });
    expect(moved.status).toBe(200);
    const afterLate = await check();
    expect(afterLate.rows).not.toEqual(afterWrite.rows);

    // The recompute runs on another connection pool on PostgreSQL (the nightly job on a third server).
    const other3 = onPostgres() && t.url ? await openDatabase({ databaseUrl: t.url, poolSize: 3 }) : null;
    const jobDb = other3?.db ?? t.database.db;
    try {
      const dirty = (await readStamps(t.database.db)).dirty.filter((d) => d < TODAY);
      expect(dirty.length).toBeGreaterThan(0);
      await recomputeDays(jobDb, dirty);
      expect(await check()).toEqual(afterLate);
      // And a rebuild of the whole range written over the aggregates: still exact.
      await recomputeDays(
        jobDb,
        Array.from({ length: DAYS }, (_, i) => addDays(FROM, i)),
      );
      expect(await check()).toEqual(afterLate);
    } finally {
      await other3?.close();
    }
  });
});
