import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { JobQueue } from '../../src/jobs/queue';
import { TODAY_MAX_AGE_MS } from '../../src/modules/data-centre/cache';
import { addDays, groupFacts } from '../../src/modules/data-centre/engine';
import { statsNightlyJob } from '../../src/modules/data-centre/jobs';
import { salesMetrics } from '../../src/modules/data-centre/metrics';
import { DataCentreService } from '../../src/modules/data-centre/service';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { uploadImage, userId } from '../support/commerce';
import { dcCaller, seedDataCentre } from '../support/data-centre';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let siyuId: number;
const FROM = '2026-08-01';
const DAYS = 40;
const TO = addDays(FROM, DAYS - 1);
// Noon in Shanghai, a month after the data.
const NOW = new Date('2026-10-20T04:00:00Z');
const TODAY = '2026-10-20';

const runNightly = (now = NOW) =>
  statsNightlyJob.run({
    db: t.database.db,
    now,
    data: {},
    attempt: 0,
    trigger: 'MANUAL',
    signal: new AbortController().signal,
    progress: async () => {},
  });

/** The figures of one day and dimension from the raw tables only (the reference). */
const rawMetrics = async (from: string, to: string, key = sql`0`, where = sql`TRUE`) => {
  const g = await groupFacts(t.database.db, 'sales', { from, to, bucket: 'range', key, where, live: 'all' });
  return new Map([...g.values()].map((s) => [s.key, salesMetrics(s.facts)]));
};
const aggMetrics = async (from: string, to: string) => {
  const g = await groupFacts(t.database.db, 'sales', {
    from,
    to,
    bucket: 'range',
    key: sql`0`,
    live: 'none',
  });
  return salesMetrics([...g.values()][0]?.facts ?? {});
};

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = NOW;
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  siyuId = await userId(t, 'siyu1');
  await seedDataCentre(t.database.db, { seed: 7, from: FROM, days: DAYS, clients: 160 });
  // Some of the data is siyu1's: clients, follow-ups and orders.
  await t.database.db.execute(
    sql`UPDATE sales_order SET sales_user_id = ${siyuId}, sales_dept_id = (SELECT department_id FROM admin_user WHERE id = ${siyuId})
        WHERE id % 4 = 0 AND pay_time IS NOT NULL`,
  );
  await runNightly();
});
afterAll(async () => t.close());

describe('data centre API', () => {
  it('the first nightly run writes the whole history and leaves today live', async () => {
    const [r] = await queryRows<{ n: number; dirty: string[] }>(
      t.database.db,
      sql`SELECT (SELECT count(DISTINCT stat_date)::int FROM stat_sales_daily WHERE stat_date BETWEEN ${FROM}::date AND ${TO}::date) AS n,
                 (SELECT array_agg(to_char(stat_date, 'YYYY-MM-DD')) FROM stat_dirty_date) AS dirty`,
    );
    expect(r?.n).toBe(DAYS);
    expect(r?.dirty).toEqual([TODAY]);
  });

  it('history: every bucket and dimension equals the raw-table metrics, with drill-down filters', async () => {
    const res = await t.call(
      'GET',
      `/api/v1/data/series?from=${FROM}&to=${TO}&granularity=week&dimension=sales&pageSize=100`,
      {
        token: admin,
      },
    );
    expect(res.status).toBe(200);
    const totals = res.body.data.totals as {
      key: number;
      metrics: Record<string, number>;
      drill: Record<string, { path: string; query: Record<string, string> }>;
    }[];
    const raw = await rawMetrics(FROM, TO, sql`k1`);
    for (const row of totals) expect(row.metrics).toEqual(raw.get(row.key));
    expect(totals.length).toBe([...raw.values()].length);
    // The paid orders of one sales user drill down to the order list with the same filter.
    const row = totals.find((x) => x.key === siyuId);
    if (!row) throw new Error('no row');
    expect(row.metrics.M11).toBeGreaterThan(0);
    const link = row.drill.M11;
    expect(link?.path).toBe('/order/list');
    expect(link?.query.salesUserId).toBe(String(siyuId));
    expect(link?.query.payFrom).toBe(FROM);
    expect(link?.query.payTo).toBe(TO);
    // The order list page turns its business days into the first and last instant of the Shanghai days.
    const api = {
      ...link?.query,
      payFrom: new Date(`${FROM}T00:00:00+08:00`).toISOString(),
      payTo: new Date(new Date(`${addDays(TO, 1)}T00:00:00+08:00`).getTime() - 1).toISOString(),
      pageSize: '1',
    };
    const list = await t.call('GET', `/api/v1/orders?${new URLSearchParams(api)}`, {
      token: admin,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(row.metrics.M11);
  });

  it('history pages the keys of a dimension: ranked over the range by a metric, rows of the page only', async () => {
    const raw = await rawMetrics(FROM, TO, sql`k1`);
    const nonZero = [...raw.entries()].filter(([, m]) => Object.values(m).some((v) => v !== 0 && v !== null));
    expect(nonZero.length).toBeGreaterThan(4);
    for (const [sort, order] of [
      ['M12', 'desc'],
      ['M16', 'asc'],
      ['M20', 'desc'],
    ] as const) {
      const dir = order === 'asc' ? 1 : -1;
      const expected = nonZero
        .map(([key, m]) => ({ key, v: m[sort] ?? null }))
        .sort((a, b) =>
          a.v === b.v ? a.key - b.key : a.v === null ? 1 : b.v === null ? -1 : dir * (a.v - b.v),
        )
        .map((x) => x.key);
      const got: number[] = [];
      for (const page of [1, 2]) {
        const res = await t.call(
          'GET',
          `/api/v1/data/series?from=${FROM}&to=${TO}&granularity=week&dimension=sales&page=${page}&pageSize=3&sort=${sort}&order=${order}`,
          { token: admin },
        );
        expect(res.status).toBe(200);
        const d = res.body.data as {
          keyCount: number;
          page: number;
          pageSize: number;
          rows: { key: number; bucket: string; metrics: Record<string, number> }[];
          totals: { key: number; metrics: Record<string, number> }[];
        };
        expect(d.keyCount).toBe(nonZero.length);
        expect([d.page, d.pageSize]).toEqual([page, 3]);
        expect(d.totals.length).toBe(3);
        for (const row of d.totals) expect(row.metrics).toEqual(raw.get(row.key));
        // Only the page's keys per bucket, each bucket's figures exact.
        const keys = d.totals.map((r) => r.key);
        expect(new Set(d.rows.map((r) => r.key))).toEqual(new Set(keys));
        const weekly = await groupFacts(t.database.db, 'sales', {
          from: FROM,
          to: TO,
          bucket: 'week',
          key: sql`k1`,
          live: 'all',
        });
        for (const r of d.rows)
          expect(r.metrics).toEqual(salesMetrics(weekly.get(`${r.bucket}|${r.key}`)?.facts ?? {}));
        got.push(...keys);
      }
      expect(got, `${sort} ${order}`).toEqual(expected.slice(0, 6));
    }
    // Past the last page: no rows, the count still there.
    const past = await t.call('GET', `/api/v1/data/series?from=${FROM}&to=${TO}&dimension=sales&page=999`, {
      token: admin,
    });
    expect(past.body.data.totals).toEqual([]);
    expect(past.body.data.keyCount).toBe(nonZero.length);
    // The export has every key (its range totals), not one page.
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data/series/export?from=${FROM}&to=${TO}&granularity=month&dimension=sales&pageSize=2`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const totalRows = (sheet?.getSheetValues() ?? []).filter(
      (r) => Array.isArray(r) && (r[1] === '合计' || r[1] === 'Total'),
    );
    expect(totalRows.length).toBe(nonZero.length);
  });

  it('validates the range', async () => {
    const bad = await t.call('GET', `/api/v1/data/series?from=${TO}&to=${FROM}`, { token: admin });
    expect(bad.status).toBe(400);
    const long = await t.call('GET', `/api/v1/data/series?from=2024-01-01&to=2026-01-01`, { token: admin });
    expect(long.status).toBe(400);
    // Days that are not on the calendar: a field message (the contract's date), not a 500 from SQL.
    for (const url of [
      `/api/v1/data/series?from=2026-02-30&to=${TO}`,
      `/api/v1/data/series?from=${FROM}&to=2026-13-01`,
      '/api/v1/data/daily?date=2025-02-29',
      '/api/v1/data/overview?date=0000-01-01',
    ]) {
      const res = await t.call('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
      expect(Object.values(res.body.data.fields).length, url).toBe(1);
    }
  });

  it('daily: rows per sales with department subtotals and a total; siyu sees only their own row', async () => {
    const day = addDays(FROM, 10);
    const all = await t.call('GET', `/api/v1/data/daily?date=${day}`, { token: admin });
    expect(all.status).toBe(200);
    const rows = all.body.data.rows as {
      kind: string;
      userId: number | null;
      metrics: Record<string, number>;
    }[];
    const raw = await rawMetrics(day, day);
    expect(rows.at(-1)?.kind).toBe('total');
    expect(rows.at(-1)?.metrics).toEqual(raw.get(0));
    expect(rows.some((r) => r.kind === 'dept')).toBe(true);
    const mine = await t.call('GET', `/api/v1/data/daily?date=${day}`, { token: siyu });
    expect(mine.status).toBe(200);
    const own = mine.body.data.rows as typeof rows;
    expect(own.filter((r) => r.kind === 'user').every((r) => r.userId === siyuId)).toBe(true);
    const ownRaw = await rawMetrics(day, day, sql`0`, sql`k1 = ${siyuId}`);
    expect(own.at(-1)?.metrics).toEqual(ownRaw.get(0) ?? salesMetrics({}));
  });

  it('overview: KPI cards with comparison, trend, funnel, top sales and donuts; siyu only their own', async () => {
    const date = addDays(FROM, 20);
    const res = await t.call('GET', `/api/v1/data/overview?date=${date}`, { token: admin });
    expect(res.status).toBe(200);
    const o = res.body.data;
    const day = await rawMetrics(date, date);
    const before = await rawMetrics(addDays(date, -1), addDays(date, -1));
    const m12 = o.day.find((c: { code: string }) => c.code === 'M12');
    expect(m12.value).toBe(day.get(0)?.M12 ?? 0);
    expect(m12.reference).toBe(before.get(0)?.M12 ?? 0);
    expect(o.trend).toHaveLength(30);
    expect(o.trend.at(-1).M15).toBe(day.get(0)?.M15 ?? 0);
    expect(o.funnel.map((f: { stage: string }) => f.stage)).toEqual([
      'NEW',
      'CONTACTED',
      'INTENT',
      'TRIAL',
      'DEAL',
    ]);
    const counts = o.funnel.map((f: { count: number }) => f.count);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    expect(o.topSales.length).toBeGreaterThan(1);
    expect(o.byChannel.length).toBeGreaterThan(0);
    const own = await t.call('GET', `/api/v1/data/overview?date=${date}`, { token: siyu });
    expect(own.status).toBe(200);
    expect(own.body.data.topSales.every((s: { key: number }) => s.key === siyuId)).toBe(true);
  });

  it('permissions follow the access matrix', async () => {
    const q = `from=${FROM}&to=${TO}`;
    expect((await t.call('GET', `/api/v1/data/series?${q}`, { token: siyu })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/data/series?${q}`, { token: chakan })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/data/series/export?${q}`, { token: chakan })).status).toBe(403);
    expect(
      (await t.call('POST', '/api/v1/data/rebuild', { token: chakan, body: { from: FROM, to: TO } })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/data/daily?date=${FROM}`, { token: zhongtai })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/data/products/daily?${q}`, { token: zhongtai })).status).toBe(200);
    expect((await t.call('GET', `/api/v1/data/products/overview?${q}`, { token: siyu })).status).toBe(403);
    expect((await t.call('GET', `/api/v1/data/cohort?${q}`, { token: chakan })).status).toBe(200);
  });

  it('products: daily rows per SPU and SKU and the overview add up to the totals', async () => {
    const q = `from=${FROM}&to=${TO}`;
    const spu = await t.call('GET', `/api/v1/data/products/daily?${q}`, { token: admin });
    expect(spu.status).toBe(200);
    const sum = (rows: { metrics: Record<string, number> }[], c: string) =>
      rows.reduce((s, r) => s + (r.metrics[c] ?? 0), 0);
    expect(sum(spu.body.data.rows, 'P03')).toBe(spu.body.data.totals.P03);
    expect(sum(spu.body.data.rows, 'P04')).toBe(spu.body.data.totals.P04);
    const sku = await t.call('GET', `/api/v1/data/products/daily?${q}&level=sku`, { token: admin });
    expect(sum(sku.body.data.rows, 'P02')).toBe(spu.body.data.totals.P02);
    const ov = await t.call('GET', `/api/v1/data/products/overview?${q}`, { token: admin });
    expect(ov.status).toBe(200);
    expect(sum(ov.body.data.rows, 'P05')).toBe(spu.body.data.totals.P05);
    const p05 = ov.body.data.rows.map((r: { metrics: { P05: number } }) => r.metrics.P05);
    expect([...p05].sort((a, b) => b - a)).toEqual(p05);
    expect(ov.body.data.priceBands.length).toBeGreaterThan(0);
  });

  it('exports the history table (xlsx)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data/series/export?from=${FROM}&to=${TO}&dimension=channel`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    // Without a dimension: every row is the whole data, named as the page names it, figures rounded as shown.
    const all = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data/series/export?from=${FROM}&to=${TO}&granularity=month`,
      headers: { authorization: `Bearer ${admin}`, 'accept-language': 'zh' },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const rows = (wb.worksheets[0]?.getSheetValues() ?? []).filter(Array.isArray).slice(1) as unknown[][];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['全部']));
    const numbers = rows.flatMap((r) => r.filter((v): v is number => typeof v === 'number'));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.filter((v) => Math.abs(v * 100 - Math.round(v * 100)) > 1e-6)).toEqual([]);
  });

  it('late data: a payment confirmed with an old date moves that day at once, and the aggregates after the job', async () => {
    const [order] = await queryRows<{ id: string; pay_amount: string; version: number }>(
      t.database.db,
      sql`SELECT id, pay_amount, version FROM sales_order WHERE status = 'PENDING' AND order_no LIKE 'DC7N%' ORDER BY id LIMIT 1`,
    );
    if (!order) throw new Error('no pending order');
    const day = addDays(FROM, 5);
    const before = (await rawMetrics(day, day)).get(0);
    const aggBefore = await aggMetrics(day, day);
    expect(aggBefore).toEqual(before);
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
    // The day is dirty: the API computes it live at once.
    const res = await t.call('GET', `/api/v1/data/series?from=${day}&to=${day}&dimension=all`, {
      token: admin,
    });
    const now = res.body.data.totals[0].metrics;
    expect(now.M11).toBe((before?.M11 ?? 0) + 1);
    expect(now.M12).toBe((before?.M12 ?? 0) + Number(order.pay_amount));
    // The aggregates are stale until the job recomputes the dirty day.
    expect(await aggMetrics(day, day)).toEqual(aggBefore);
    await runNightly();
    expect(await aggMetrics(day, day)).toEqual(now);
    expect(await aggMetrics(day, day)).toEqual((await rawMetrics(day, day)).get(0));
  });

  it('late data: a client import with old creation times marks those days, and the job rolls them up', async () => {
    const day = addDays(FROM, 7);
    const series = async (from: string, to: string) =>
      (
        await t.call('GET', `/api/v1/data/series?from=${from}&to=${to}&dimension=all&granularity=month`, {
          token: admin,
        })
      ).body.data.totals[0].metrics;
    await runNightly();
    const before = await series(FROM, TO);
    expect(before.M01).toBe((await rawMetrics(FROM, TO)).get(0)?.M01);
    const csv = Buffer.from(
      `\uFEFF姓名,手机号,创建时间\r\n旧线索一,13977770001,${day} 09:30\r\n旧线索二,13977770002,${day.replaceAll('-', '/')}\r\n未来线索,13977770003,2099-01-01\r\n`,
      'utf8',
    );
    const boundary = '----educrmdc';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/clients/import?target=pool',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: `Bearer ${admin}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="old.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        csv,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(202);
    let job = res.json().data;
    for (let i = 0; i < 200 && job.status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      job = (await t.call('GET', `/api/v1/clients/import/${job.id}`, { token: admin })).body.data;
    }
    expect(job.counts.CREATED).toBe(2);
    expect(job.counts.INVALID).toBe(1);
    const [dirty] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM stat_dirty_date WHERE stat_date = ${day}::date`,
    );
    expect(dirty?.n).toBe(1);
    // Live at once (the range holds a dirty day), rolled up after the job: the same figure.
    expect((await series(FROM, TO)).M01).toBe(before.M01 + 2);
    expect((await series(day, day)).M01).toBe((await rawMetrics(day, day)).get(0)?.M01);
    await runNightly();
    const [left] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM stat_dirty_date WHERE stat_date = ${day}::date`,
    );
    expect(left?.n).toBe(0);
    const after = await series(FROM, TO);
    expect(after.M01).toBe(before.M01 + 2);
    expect(after).toEqual((await rawMetrics(FROM, TO)).get(0));
  });

  it('late data: an attribution change moves revenue between sales on the order day', async () => {
    const [order] = await queryRows<{
      id: string;
      day: string;
      pay_amount: string;
      version: number;
      sales_user_id: string;
    }>(
      t.database.db,
      sql`SELECT id, to_char(pay_time AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD') AS day, pay_amount, version, sales_user_id FROM sales_order
          WHERE pay_time IS NOT NULL AND sales_user_id = ${siyuId} AND order_no LIKE 'DC7N%' ORDER BY id LIMIT 1`,
    );
    if (!order) throw new Error('no order');
    const adminId = await userId(t, 'admin');
    const day = order.day;
    const before = await rawMetrics(day, day, sql`k1`);
    const res = await t.call('POST', `/api/v1/orders/${order.id}/attribution`, {
      token: admin,
      body: { salesUserId: adminId, reason: 'test', version: order.version },
    });
    expect(res.status).toBe(200);
    await runNightly();
    const g = await groupFacts(t.database.db, 'sales', {
      from: day,
      to: day,
      bucket: 'range',
      key: sql`k1`,
      live: 'none',
    });
    const after = new Map([...g.values()].map((s) => [s.key, salesMetrics(s.facts)]));
    expect(after.get(siyuId)?.M12 ?? 0).toBe((before.get(siyuId)?.M12 ?? 0) - Number(order.pay_amount));
    expect(after.get(adminId)?.M12).toBe((before.get(adminId)?.M12 ?? 0) + Number(order.pay_amount));
  });

  it('an admin rebuilds a date range as a queue job', async () => {
    await t.database.db.execute(
      sql`DELETE FROM stat_sales_daily WHERE stat_date BETWEEN ${FROM}::date AND ${addDays(FROM, 2)}::date`,
    );
    const res = await t.call('POST', '/api/v1/data/rebuild', {
      token: admin,
      body: { from: FROM, to: addDays(FROM, 2) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.days).toBe(3);
    for (let i = 0; i < 300; i++) {
      const [r] = await queryRows<{ status: string }>(
        t.database.db,
        sql`SELECT status FROM job_run WHERE job = 'data.stats-rebuild' ORDER BY id DESC LIMIT 1`,
      );
      if (r?.status === 'SUCCESS') break;
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect(await aggMetrics(FROM, addDays(FROM, 2))).toEqual(
      (await rawMetrics(FROM, addDays(FROM, 2))).get(0),
    );
    const future = await t.call('POST', '/api/v1/data/rebuild', {
      token: admin,
      body: { from: FROM, to: TODAY },
    });
    expect(future.status).toBe(400);
  });

  it("keeps today's rows for a short time (the answers say when), and a write of today shows once they are read again", async () => {
    // "Today" inside the data: its events are live, the days before come from the roll-ups.
    const today = addDays(FROM, 20);
    let clock = new Date(`${today}T12:00:00+08:00`);
    const mk = (opts: ConstructorParameters<typeof DataCentreService>[3]) =>
      new DataCentreService(t.database.db, () => clock, { register() {} } as unknown as JobQueue, opts);
    const on = mk({});
    // Today computed per request (nothing kept), and nothing shared at all (the oracle).
    const live = mk({ todayMaxAgeMs: 0 });
    const off = mk({ cache: 'off' });
    const adminP = dcCaller(1);
    const siyuP = dcCaller(siyuId, 'SELF', null);
    const q = {
      from: addDays(FROM, 10),
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
        s.series(siyuP, q),
        s.overview(adminP),
        s.daily(adminP, today),
        s.productDaily({ from: addDays(FROM, 10), to: today, level: 'spu' }),
        s.productOverview({ from: addDays(FROM, 10), to: today, level: 'spu' }),
      ]);
    const ref = await views(off);
    const first = await views(on);
    expect(first).toEqual(ref);
    for (const x of first) expect(x.asOf).toBe(clock.toISOString());
    // The same requests again: the same answers, today's rows not read again.
    const reads = on.todayRows.reads;
    expect(reads).toBeGreaterThan(0);
    expect(await views(on)).toEqual(ref);
    expect(on.todayRows.reads).toBe(reads);
    // Another page and order of the same ranking.
    const page2 = { ...q, page: 2, pageSize: 2, order: 'asc' } as const;
    expect(await on.series(adminP, page2)).toEqual(await off.series(adminP, page2));
    expect(await views(live)).toEqual(ref);
    // The today totals are the raw tables' figures.
    const todayRaw = (await rawMetrics(today, today)).get(0);
    expect(ref[2].day.find((c) => c.code === 'M12')?.value).toBe(todayRaw?.M12);

    // A write (one of today's paid orders moves to the day before, straight in SQL: no code path
    // marks anything): today computed per request shows it at once; the kept rows once their
    // period is over.
    const [order] = await queryRows<{ id: string }>(
      t.database.db,
      sql`SELECT id FROM sales_order WHERE pay_time >= ${new Date(`${today}T00:00:00+08:00`)} AND pay_time < ${new Date(`${addDays(today, 1)}T00:00:00+08:00`)}
            AND pay_amount > 0 ORDER BY id LIMIT 1`,
    );
    if (!order) throw new Error('no paid order today');
    await t.database.db.execute(
      sql`UPDATE sales_order SET pay_time = pay_time - interval '1 day' WHERE id = ${order.id}`,
    );
    try {
      const changed = await views(off);
      const m12 = changed[2].day.find((c) => c.code === 'M12')?.value;
      expect(m12).toBe((await rawMetrics(today, today)).get(0)?.M12);
      expect(m12).not.toBe(todayRaw?.M12);
      expect(await views(live)).toEqual(changed);
      // Kept: today's rows not read again, the answers as of the first read (a grouping whose range
      // holds a dirty day reads today raw, so its figure may already be newer).
      const kept = await views(on);
      expect(on.todayRows.reads).toBe(reads);
      expect(kept.map((x) => x.asOf)).toEqual(first.map((x) => x.asOf));
      clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
      const later = await views(off);
      expect(later[2].day.find((c) => c.code === 'M12')?.value).toBe(m12);
      expect(await views(on)).toEqual(later);
    } finally {
      await t.database.db.execute(
        sql`UPDATE sales_order SET pay_time = pay_time + interval '1 day' WHERE id = ${order.id}`,
      );
    }
    clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
    const back = await views(off);
    expect(back.map((x) => ({ ...x, asOf: null }))).toEqual(ref.map((x) => ({ ...x, asOf: null })));
    expect(await views(on)).toEqual(back);
    expect(await views(live)).toEqual(back);
  });
});
