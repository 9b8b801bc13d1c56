import {
  type DailyRow,
  type DataCohort,
  type DataDaily,
  type DataDimension,
  type DataOverview,
  FUNNEL_STAGES,
  type KpiCard,
  MAX_RANGE_DAYS,
  type ProductDaily,
  type ProductOverview,
  type ProductQuery,
  type ProductStatRow,
  SALES_METRICS,
  type SalesMetric,
  type SalesSeries,
  type SalesSeriesQuery,
  type SalesSeriesRow,
  salesDrill,
} from '@educrm/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { said, writeAudit } from '../../lib/audit';
import { ownRowsOnly, scopeCondition } from '../../lib/data-scope';
import { fieldError } from '../../lib/errors';
import type { Principal } from '../../types';
import { type CacheMode, olderGen, readStamps, StampedLru, type Stamps, TodayRows } from './cache';
import {
  addDays,
  type Bucket,
  businessDay,
  dayStart,
  type Grouped,
  type Grouping,
  groupFacts,
  LiveCache,
  type LiveRow,
  type PastShare,
} from './engine';
import { type FactValues, PRICE_BANDS, SALES_FACTS } from './facts';
import { statsRebuildJob } from './jobs';
import { productMetrics, salesMetrics, sumFacts } from './metrics';
import { groupRollup, salesRollup } from './rollup';

const DIM_KEY: Record<DataDimension, SQL> = {
  all: sql`0`,
  dept: sql`k2`,
  sales: sql`k1`,
  channel: sql`k3`,
  platform: sql`k4`,
};

/** Metrics that need a distinct count (their ranking reads the ids; the others rank from sums). */
const IDS_METRICS: Set<SalesMetric> = (() => {
  const base = Object.fromEntries(SALES_FACTS.map((f, i) => [f.column, 3 + i]));
  const ref = salesMetrics(base);
  const out = new Set<SalesMetric>();
  for (const f of SALES_FACTS.filter((x) => x.kind === 'ids')) {
    const m = salesMetrics({ ...base, [f.column]: (base[f.column] ?? 0) + 5 });
    for (const code of SALES_METRICS) if (m[code] !== ref[code]) out.add(code);
  }
  return out;
})();

const DIM_COL: Record<DataDimension, number> = { all: 0, sales: 1, dept: 2, channel: 3, platform: 4 };

const checkRange = (from: string, to: string) => {
  if (to < from) throw fieldError('to', 'invalidValue');
  if (addDays(from, MAX_RANGE_DAYS) <= to) throw fieldError('to', 'invalidValue');
};

/**
 * One request's use of the cache (cache.ts): its stamps (null: nothing shared, `off`), its clock
 * (ms) and the live caches it made (when their kept rows were read: the answer's `asOf`).
 */
interface Req {
  stamps: Stamps | null;
  now: number;
  lives: LiveCache[];
}

export class DataCentreService {
  /**
   * What is shared between requests (cache.ts): the past-day parts of the groupings per aggregate
   * generation and dirty days, today's live rows for a short time (`on`); nothing (`off`).
   */
  readonly cacheMode: CacheMode;
  readonly pastParts = new StampedLru<Grouped | null>(256, olderGen);
  readonly todayRows: TodayRows<LiveRow[]>;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly queue: JobQueue,
    opts: {
      /** `off`: the tests' oracle (nothing shared). */
      cache?: CacheMode;
      /** How long today's rows are kept (cache.ts TODAY_MAX_AGE_MS). */
      todayMaxAgeMs?: number;
    } = {},
  ) {
    queue.register(statsRebuildJob);
    this.cacheMode = opts.cache ?? 'on';
    this.todayRows = new TodayRows<LiveRow[]>(opts.todayMaxAgeMs);
  }

  /**
   * A request's answer, computed with the request's stamps (past parts per generation, today's
   * rows kept for a short time) and stamped with when its today's figures were read (`asOf`, null
   * when it holds no day from `today` on).
   */
  private async answer<T>(to: string, compute: (r: Req) => Promise<T>): Promise<T & { asOf: string | null }> {
    const now = this.now().getTime();
    const req: Req = {
      stamps: this.cacheMode === 'off' ? null : await readStamps(this.db),
      now,
      lives: [],
    };
    const out = await compute(req);
    const kept = req.lives.map((l) => l.asOf ?? now);
    const asOf = to >= this.today() ? new Date(Math.min(now, ...kept)).toISOString() : null;
    return { ...out, asOf };
  }

  /** The past parts' store of a request (`on` only). */
  private pastOf(r: Req): PastShare | undefined {
    return r.stamps ? { store: this.pastParts, gen: r.stamps.gen, dirty: r.stamps.dirty } : undefined;
  }

  /** A request's live events, today's rows kept by scope (`on`). */
  private live(r: Req | null, scope: { where: SQL; k1?: number }, ids: boolean, key: string): LiveCache {
    const share = r?.stamps ? { store: this.todayRows, now: r.now, scope: key } : undefined;
    const cache = new LiveCache(this.db, scope, ids, share, r ? this.pastOf(r) : undefined);
    r?.lives.push(cache);
    return cache;
  }

  /** What the sales scope of a principal depends on (scopeCondition, salesRollup). */
  private static scopeKey(p: Principal) {
    return `${p.dataScope}|${p.userId}|${p.departmentId ?? ''}`;
  }

  /** The caller's rows: siyu (SELF) only their own, department scopes their departments. */
  private salesScope(p: Principal) {
    return scopeCondition(p, { owner: sql`k1`, dept: sql`k2` });
  }

  private today() {
    return businessDay(this.now());
  }

  /** One request's live events (today's raw events grouped once, in the caller's scope). */
  private liveOf(p: Principal, r: Req | null, ids = false): LiveCache {
    const scope = { where: this.salesScope(p), k1: ownRowsOnly(p) };
    return this.live(r, scope, ids, `sales|${DataCentreService.scopeKey(p)}`);
  }

  private productLive(q: ProductQuery, r: Req): LiveCache {
    const filter = [q.sourcePlatformId, q.channelId, q.categoryId, q.status];
    return this.live(r, { where: this.productWhere(q) }, false, `product|${JSON.stringify(filter)}`);
  }

  /**
   * Sales facts grouped in the caller's scope; `live` shares today's events between the groupings
   * of one request (liveOf), `only` keeps some keys of the dimension.
   */
  async group(
    p: Principal,
    g: Omit<Grouping, 'today' | 'where' | 'key' | 'shared'> & {
      dim: DataDimension;
      cache?: LiveCache;
      only?: number[];
    },
  ): Promise<Grouped> {
    const { dim, cache, only, ...rest } = g;
    const live = cache ?? this.liveOf(p, null);
    const scope = this.salesScope(p);
    let rollup = salesRollup(p, dim);
    if (rollup && only) {
      const keep = rollup.only ? rollup.only.filter((k) => only.includes(k)) : only;
      rollup = { ...rollup, only: keep };
    }
    return groupFacts(this.db, 'sales', {
      ...rest,
      key: DIM_KEY[dim],
      where: only ? sql`${scope} AND ${DIM_KEY[dim]} = ANY(${`{${only.join(',')}}`}::bigint[])` : scope,
      k1: ownRowsOnly(p),
      rollup,
      live: 'auto',
      today: this.today(),
      shared: { cache: live, keyCol: DIM_COL[dim], ...(only ? { only } : {}) },
      ...(live.past ? { past: live.past } : {}),
    });
  }

  private async names(dimension: DataDimension, keys: number[]): Promise<Map<number, string>> {
    const ids = keys.filter((k) => k > 0);
    if (!ids.length || dimension === 'all') return new Map();
    const table = {
      sales: sql`SELECT id, nickname AS name FROM admin_user`,
      dept: sql`SELECT id, name FROM department`,
      channel: sql`SELECT id, name FROM order_channel`,
      platform: sql`SELECT id, name FROM source_platform`,
    }[dimension];
    const rows = await queryRows<{ id: string; name: string }>(
      this.db,
      sql`SELECT * FROM (${table}) t WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }

  private seriesRows(
    grouped: Grouped,
    dimension: DataDimension,
    bucket: Bucket,
    from: string,
    to: string,
    names: Map<number, string>,
    rank: Map<number, number>,
  ): SalesSeriesRow[] {
    const r = (k: number) => rank.get(k) ?? Number.MAX_SAFE_INTEGER;
    const list = [...grouped.values()].sort(
      (a, b) => a.bucket.localeCompare(b.bucket) || r(a.key) - r(b.key) || a.key - b.key,
    );
    return list.map((s) => {
      const bFrom = bucket === 'range' ? from : s.bucket < from ? from : s.bucket;
      const bEnd =
        bucket === 'day'
          ? s.bucket
          : bucket === 'week'
            ? addDays(s.bucket, 6)
            : bucket === 'month'
              ? addDays(`${addMonth(s.bucket)}`, -1)
              : to;
      return {
        bucket: s.bucket,
        key: s.key,
        name: names.get(s.key) ?? null,
        metrics: salesMetrics(s.facts),
        drill: salesDrill({ from: bFrom, to: bEnd > to ? to : bEnd, dimension, key: s.key }),
      };
    });
  }

  /**
   * History: metrics per bucket for the page's keys of the dimension, and their range totals. The
   * keys are ranked first over the whole range by `sort` (from the month-prefix sums when the
   * metric needs no distinct count: one or two rows per month and key), then only the page's keys
   * are read per bucket. `all`: every key (the export).
   */
  async series(p: Principal, q: SalesSeriesQuery, opts: { all?: boolean } = {}): Promise<SalesSeries> {
    checkRange(q.from, q.to);
    return this.answer(q.to, (r) => this.computeSeries(p, q, opts, r));
  }

  private async computeSeries(
    p: Principal,
    q: SalesSeriesQuery,
    opts: { all?: boolean },
    r: Req,
  ): Promise<Omit<SalesSeries, 'asOf'>> {
    // The ranking needs the sums only, the rows the ids too: one statement for both.
    const cache = this.liveOf(p, r, true);
    const base = { from: q.from, to: q.to, dim: q.dimension, cache };
    const metricOf = (f: FactValues) => salesMetrics(f)[q.sort] ?? null;
    // Dimension all has one key: nothing to rank (the totals are its one row).
    const one = q.dimension === 'all';
    const sumsOnly = one || !IDS_METRICS.has(q.sort);
    const ranking: Grouped = one
      ? new Map([['', { bucket: q.from, key: 0, facts: {} }]])
      : await this.group(p, { ...base, bucket: 'range', sumsOnly });
    const dir = q.order === 'asc' ? 1 : -1;
    const ranked = [...ranking.values()]
      .filter((s) => one || Object.values(s.facts).some((v) => v !== 0))
      .map((s) => ({ key: s.key, value: metricOf(s.facts), s }))
      .sort((a, b) =>
        a.value === b.value
          ? a.key - b.key
          : a.value === null
            ? 1
            : b.value === null
              ? -1
              : dir * (a.value - b.value),
      );
    const paged = opts.all ? ranked : ranked.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
    const keys = paged.map((x) => x.key);
    const rank = new Map(keys.map((k, i) => [k, i]));
    const empty: Grouped = new Map();
    const only = one || opts.all ? undefined : keys;
    const [rows, totals, names] = keys.length
      ? await Promise.all([
          this.group(p, { ...base, bucket: q.granularity, ...(only ? { only } : {}) }),
          // The ranking already has the full totals when it counted the distinct ids too.
          sumsOnly
            ? this.group(p, { ...base, bucket: 'range', ...(only ? { only } : {}) })
            : Promise.resolve(new Map(paged.map((x) => [`${x.s.bucket}|${x.key}`, x.s])) as Grouped),
          this.names(q.dimension, keys),
        ])
      : [empty, empty, new Map<number, string>()];
    return {
      from: q.from,
      to: q.to,
      granularity: q.granularity,
      dimension: q.dimension,
      rows: this.seriesRows(rows, q.dimension, q.granularity, q.from, q.to, names, rank),
      totals: this.seriesRows(totals, q.dimension, 'range', q.from, q.to, names, rank),
      page: opts.all ? 1 : q.page,
      pageSize: opts.all ? Math.max(ranked.length, 1) : q.pageSize,
      keyCount: one ? totals.size : ranked.length,
      sort: q.sort,
      order: q.order,
    };
  }

  private async total(p: Principal, from: string, to: string, live: LiveCache): Promise<FactValues> {
    const g = await this.group(p, { from, to, bucket: 'range', dim: 'all', sumsOnly: true, cache: live });
    return [...g.values()][0]?.facts ?? {};
  }

  /** Overview: KPI cards with comparisons, 30-day trend, stage funnel, top sales, donuts. */
  async overview(p: Principal, date?: string): Promise<DataOverview> {
    const d = date ?? this.today();
    return this.answer(d, (r) => this.computeOverview(p, d, r));
  }

  private async computeOverview(p: Principal, d: string, r: Req): Promise<Omit<DataOverview, 'asOf'>> {
    const monthStart = `${d.slice(0, 7)}-01`;
    const prevMonthStart = `${addDays(monthStart, -1).slice(0, 7)}-01`;
    const elapsed = Math.round((dayStart(d).getTime() - dayStart(monthStart).getTime()) / 86_400_000);
    const prevEnd =
      addDays(prevMonthStart, elapsed) < monthStart
        ? addDays(prevMonthStart, elapsed)
        : addDays(monthStart, -1);
    const trendFrom = addDays(d, -29);
    // The day cards are the trend's last two days (the same sums, dimension all, one query less each).
    // Today's events are read once for every card and chart (live).
    const live = this.liveOf(p, r);
    // The funnel reads the clients only: it runs beside the groupings.
    const funnel = this.funnel(p, monthStart, d);
    funnel.catch(() => {});
    const [trend, mtd, prev] = await Promise.all([
      this.group(p, { from: trendFrom, to: d, bucket: 'day', dim: 'all', sumsOnly: true, cache: live }),
      this.total(p, monthStart, d, live),
      this.total(p, prevMonthStart, prevEnd, live),
    ]);
    const dayFacts = (x: string) => [...trend.values()].find((s) => s.bucket === x)?.facts ?? {};
    const today = dayFacts(d);
    const yesterday = dayFacts(addDays(d, -1));
    const CARDS: SalesMetric[] = ['M01', 'M17', 'M12', 'M13', 'M15', 'M07', 'M09'];
    const cards = (cur: FactValues, ref: FactValues, from: string, to: string): KpiCard[] => {
      const a = salesMetrics(cur);
      const b = salesMetrics(ref);
      const drill = salesDrill({ from, to, dimension: 'all', key: 0 });
      return CARDS.map((code) => ({ code, value: a[code], reference: b[code], drill: drill[code] ?? null }));
    };
    const [bySales, byChannel, byPlatform] = await Promise.all([
      this.group(p, { from: monthStart, to: d, bucket: 'range', dim: 'sales', sumsOnly: true, cache: live }),
      this.group(p, {
        from: monthStart,
        to: d,
        bucket: 'range',
        dim: 'channel',
        sumsOnly: true,
        cache: live,
      }),
      this.group(p, {
        from: monthStart,
        to: d,
        bucket: 'range',
        dim: 'platform',
        sumsOnly: true,
        cache: live,
      }),
    ]);
    const byDay = new Map([...trend.values()].map((s) => [s.bucket, salesMetrics(s.facts)]));
    const trendRows: DataOverview['trend'] = [];
    for (let x = trendFrom; x <= d; x = addDays(x, 1)) {
      const m = byDay.get(x);
      trendRows.push({ date: x, M12: m?.M12 ?? 0, M13: m?.M13 ?? 0, M15: m?.M15 ?? 0 });
    }
    const ranked = async (g: Grouped, dim: DataDimension, code: SalesMetric, limit: number) => {
      const list = [...g.values()]
        .map((s) => ({ key: s.key, value: salesMetrics(s.facts)[code] ?? 0 }))
        .filter((x) => x.value !== 0)
        .sort((a, b) => b.value - a.value || a.key - b.key)
        .slice(0, limit);
      const names = await this.names(
        dim,
        list.map((x) => x.key),
      );
      return list.map((x) => ({ ...x, name: names.get(x.key) ?? null }));
    };
    const [topSales, channels, platforms] = await Promise.all([
      ranked(bySales, 'sales', 'M15', 10),
      ranked(byChannel, 'channel', 'M12', 20),
      ranked(byPlatform, 'platform', 'M12', 20),
    ]);
    return {
      date: d,
      day: cards(today, yesterday, d, d),
      month: cards(mtd, prev, monthStart, d),
      trend: trendRows,
      funnel: await funnel,
      topSales,
      byChannel: channels,
      byPlatform: platforms,
    };
  }

  /** New clients of the period by the furthest stage reached (a dealt client reached every stage). */
  private async funnel(p: Principal, from: string, to: string): Promise<DataOverview['funnel']> {
    const scope = scopeCondition(p, { owner: sql`c.first_owner_user_id`, dept: sql`au.department_id` });
    const [r] = await queryRows<Record<string, number>>(
      this.db,
      sql`SELECT count(*)::int AS "NEW",
            count(*) FILTER (WHERE c.followed OR c.stage IN ('CONTACTED','INTENT','TRIAL','DEAL'))::int AS "CONTACTED",
            count(*) FILTER (WHERE c.stage IN ('INTENT','TRIAL','DEAL'))::int AS "INTENT",
            count(*) FILTER (WHERE c.stage IN ('TRIAL','DEAL'))::int AS "TRIAL",
            count(*) FILTER (WHERE c.stage = 'DEAL' OR c.first_paid_at IS NOT NULL)::int AS "DEAL"
          FROM client c LEFT JOIN admin_user au ON au.id = c.first_owner_user_id
          WHERE c.deleted = false AND c.created_at >= ${dayStart(from)} AND c.created_at < ${dayStart(addDays(to, 1))} AND ${scope}`,
    );
    return FUNNEL_STAGES.map((stage) => ({ stage, count: Number(r?.[stage] ?? 0) }));
  }

  /** Daily data: one day, a row per sales grouped by department with subtotals and a total. */
  async daily(p: Principal, date: string): Promise<DataDaily> {
    return this.answer(date, (r) => this.computeDaily(p, date, r));
  }

  /**
   * Rows by the sales person's department of today; a department's subtotal is the sum of its rows'
   * facts (a fact done while its author had another or no department still counts where its row
   * is), so it always equals its rows. The pool's row (no owner: key 0) comes last, on its own.
   */
  private async computeDaily(p: Principal, date: string, r: Req): Promise<Omit<DataDaily, 'asOf'>> {
    const live = this.liveOf(p, r);
    const [byUser, all] = await Promise.all([
      this.group(p, { from: date, to: date, bucket: 'range', dim: 'sales', cache: live }),
      this.group(p, { from: date, to: date, bucket: 'range', dim: 'all', cache: live }),
    ]);
    const userIds = [...byUser.values()].map((s) => s.key).filter((k) => k > 0);
    const users = await queryRows<{
      id: string;
      nickname: string;
      department_id: string | null;
      dept: string | null;
    }>(
      this.db,
      sql`SELECT u.id, u.nickname, u.department_id, d.name AS dept FROM admin_user u LEFT JOIN department d ON d.id = u.department_id
          WHERE u.id = ANY(${`{${userIds.join(',')}}`}::bigint[])`,
    );
    const info = new Map(users.map((u) => [Number(u.id), u]));
    const rows: DailyRow[] = [];
    const deptOf = (userKey: number) => Number(info.get(userKey)?.department_id ?? 0);
    const people = [...byUser.values()].filter((s) => s.key > 0);
    const depts = [...new Set(people.map((s) => deptOf(s.key)))].sort((a, b) =>
      a === 0 ? 1 : b === 0 ? -1 : a - b,
    );
    for (const dept of depts) {
      const members = people.filter((s) => deptOf(s.key) === dept).sort((a, b) => a.key - b.key);
      const deptName = dept ? (info.get(members[0]?.key ?? 0)?.dept ?? null) : null;
      for (const s of members) {
        rows.push({
          kind: 'user',
          userId: s.key,
          userName: info.get(s.key)?.nickname ?? null,
          deptId: dept || null,
          deptName,
          metrics: salesMetrics(s.facts),
        });
      }
      rows.push({
        kind: 'dept',
        userId: null,
        userName: null,
        deptId: dept || null,
        deptName,
        metrics: salesMetrics(sumFacts(members.map((s) => s.facts))),
      });
    }
    const pool = [...byUser.values()].find((s) => s.key === 0);
    if (pool) {
      rows.push({
        kind: 'user',
        userId: null,
        userName: null,
        deptId: null,
        deptName: null,
        metrics: salesMetrics(pool.facts),
      });
    }
    const total = [...all.values()][0];
    rows.push({
      kind: 'total',
      userId: null,
      userName: null,
      deptId: null,
      deptName: null,
      metrics: salesMetrics(total?.facts ?? {}),
    });
    return { date, rows };
  }

  /** Lead conversion by cohort month (M21): share of the month's new clients paying within 7/30/90 days. */
  async cohort(p: Principal, from: string, to: string): Promise<DataCohort> {
    checkRange(from, to);
    const scope = scopeCondition(p, { owner: sql`c.first_owner_user_id`, dept: sql`au.department_id` });
    const rows = await queryRows<{ month: string; clients: number; d7: number; d30: number; d90: number }>(
      this.db,
      sql`SELECT to_char(date_trunc('month', c.created_at AT TIME ZONE 'Asia/Shanghai'), 'YYYY-MM') AS month, count(*)::int AS clients,
            count(*) FILTER (WHERE c.first_paid_at <= c.created_at + interval '7 days')::int AS d7,
            count(*) FILTER (WHERE c.first_paid_at <= c.created_at + interval '30 days')::int AS d30,
            count(*) FILTER (WHERE c.first_paid_at <= c.created_at + interval '90 days')::int AS d90
          FROM client c LEFT JOIN admin_user au ON au.id = c.first_owner_user_id
          WHERE c.deleted = false AND c.created_at >= ${dayStart(from)} AND c.created_at < ${dayStart(addDays(to, 1))} AND ${scope}
          GROUP BY 1 ORDER BY 1`,
    );
    const share = (n: number, of: number) => (of === 0 ? null : n / of);
    const today = this.today();
    return {
      rows: rows.map((r) => {
        // The window of N days has ended once its last client (created on the month's last day in
        // the range) had N whole days: until then the share is not known yet ("-"), not low.
        const last = [addDays(addMonth(`${r.month}-01`), -1), to].sort()[0] ?? to;
        const known = (days: number, n: number) => (addDays(last, days) < today ? share(n, r.clients) : null);
        return {
          month: r.month,
          clients: r.clients,
          d7: known(7, r.d7),
          d30: known(30, r.d30),
          d90: known(90, r.d90),
        };
      }),
    };
  }

  private productWhere(q: ProductQuery): SQL {
    const c: SQL[] = [sql`TRUE`];
    if (q.sourcePlatformId !== undefined) c.push(sql`k3 = ${q.sourcePlatformId}`);
    if (q.channelId !== undefined) c.push(sql`k4 = ${q.channelId}`);
    if (q.categoryId !== undefined)
      c.push(
        sql`k1 IN (SELECT s.id FROM product_spu s WHERE s.category_id = ${q.categoryId} OR s.category_id IN (SELECT id FROM product_category WHERE parent_id = ${q.categoryId}))`,
      );
    if (q.status) c.push(sql`k1 IN (SELECT id FROM product_spu WHERE status = ${q.status})`);
    return sql.join(c, sql` AND `);
  }

  /** Without filters a product grouping reads the roll-ups (dim 0 all, 1 SPU, 2 SKU, 5 price band). */
  private static unfiltered(q: ProductQuery) {
    return (
      q.sourcePlatformId === undefined && q.channelId === undefined && q.categoryId === undefined && !q.status
    );
  }

  private productGrouping(
    q: ProductQuery,
    live: LiveCache,
    bucket: Bucket,
    dim: 0 | 1 | 2 | 5,
    only?: number[],
  ): Grouping {
    const key = sql.raw(dim === 0 ? '0' : `k${dim}`);
    const where = only?.length
      ? sql`${this.productWhere(q)} AND ${key} = ANY(${`{${only.join(',')}}`}::bigint[])`
      : this.productWhere(q);
    return {
      from: q.from,
      to: q.to,
      bucket,
      key,
      where,
      rollup: DataCentreService.unfiltered(q) ? { dim, ...(only ? { only } : {}) } : undefined,
      live: 'auto',
      today: this.today(),
      shared: { cache: live, keyCol: dim, ...(only ? { only } : {}) },
      ...(live.past ? { past: live.past } : {}),
    };
  }

  private productGroup(
    q: ProductQuery,
    live: LiveCache,
    bucket: Bucket,
    dim: 0 | 1 | 2 | 5,
    only?: number[],
  ) {
    return groupFacts(this.db, 'product', this.productGrouping(q, live, bucket, dim, only));
  }

  private async productRows(g: Grouped, level: 'spu' | 'sku', q: ProductQuery, dated: boolean) {
    const keys = [...new Set([...g.values()].map((s) => s.key))];
    const info = await queryRows<{
      key: string;
      spu_id: string;
      sku_id: string | null;
      name: string;
      spec: string;
      category_id: string | null;
      category: string | null;
    }>(
      this.db,
      level === 'spu'
        ? sql`SELECT s.id AS key, s.id AS spu_id, NULL AS sku_id, s.name, '' AS spec, s.category_id, c.name AS category
              FROM product_spu s LEFT JOIN product_category c ON c.id = s.category_id WHERE s.id = ANY(${`{${keys.join(',')}}`}::bigint[])`
        : sql`SELECT k.id AS key, s.id AS spu_id, k.id AS sku_id, s.name, coalesce((SELECT string_agg(x->>'value', ' / ') FROM jsonb_array_elements(CASE WHEN jsonb_typeof(k.properties) = 'array' THEN k.properties ELSE '[]'::jsonb END) x), k.sku_code) AS spec,
                s.category_id, c.name AS category
              FROM product_sku k JOIN product_spu s ON s.id = k.spu_id LEFT JOIN product_category c ON c.id = s.category_id
              WHERE k.id = ANY(${`{${keys.join(',')}}`}::bigint[])`,
    );
    const byKey = new Map(info.map((r) => [Number(r.key), r]));
    return [...g.values()].map((s): ProductStatRow => {
      const i = byKey.get(s.key);
      const spuId = Number(i?.spu_id ?? s.key);
      const from = dated ? s.bucket : q.from;
      const to = dated ? s.bucket : q.to;
      return {
        date: dated ? s.bucket : null,
        spuId,
        skuId: i?.sku_id == null ? null : Number(i.sku_id),
        name: i?.name ?? '',
        spec: i?.spec ?? '',
        categoryId: i?.category_id == null ? null : Number(i.category_id),
        categoryName: i?.category ?? null,
        metrics: productMetrics(s.facts),
        drill: {
          P01: {
            path: '/order/list',
            query: {
              spuId: String(spuId),
              payFrom: from,
              payTo: to,
              ...(q.channelId ? { channelId: String(q.channelId) } : {}),
              ...(q.sourcePlatformId ? { sourcePlatformId: String(q.sourcePlatformId) } : {}),
            },
          },
        },
      };
    });
  }

  /** Product daily data: date × SPU (or SKU), P01-P07, with the range totals. */
  async productDaily(q: ProductQuery): Promise<ProductDaily> {
    checkRange(q.from, q.to);
    return this.answer(q.to, (r) => this.computeProductDaily(q, r));
  }

  private async computeProductDaily(q: ProductQuery, r: Req): Promise<Omit<ProductDaily, 'asOf'>> {
    const dim = q.level === 'sku' ? 2 : 1;
    const live = this.productLive(q, r);
    const [g, total] = await Promise.all([
      this.productGroup(q, live, 'day', dim),
      this.productGroup(q, live, 'range', 0),
    ]);
    const rows = (await this.productRows(g, q.level, q, true)).sort(
      (a, b) => (b.date ?? '').localeCompare(a.date ?? '') || (b.metrics.P05 ?? 0) - (a.metrics.P05 ?? 0),
    );
    return { rows, totals: productMetrics([...total.values()][0]?.facts ?? {}) };
  }

  /** Product overview: range totals per product ranked by P05, category share, top-5 trend, price bands. */
  async productOverview(q: ProductQuery): Promise<ProductOverview> {
    checkRange(q.from, q.to);
    return this.answer(q.to, (r) => this.computeProductOverview(q, r));
  }

  private async computeProductOverview(q: ProductQuery, r: Req): Promise<Omit<ProductOverview, 'asOf'>> {
    const live = this.productLive(q, r);
    const [g, bands] = await Promise.all([
      this.productGroup(q, live, 'range', q.level === 'sku' ? 2 : 1),
      this.priceBands(q, live),
    ]);
    const rows = (await this.productRows(g, q.level, q, false)).sort(
      (a, b) => (b.metrics.P05 ?? 0) - (a.metrics.P05 ?? 0) || a.spuId - b.spuId,
    );
    // The category share (P03, a sum) adds up the products' rows by their SPU's category.
    const byCat = new Map<number, { name: string | null; value: number }>();
    for (const r of rows) {
      const c = byCat.get(r.categoryId ?? 0) ?? { name: r.categoryName, value: 0 };
      c.value += r.metrics.P03 ?? 0;
      byCat.set(r.categoryId ?? 0, c);
    }
    const topSpus = [...new Set(rows.map((r) => r.spuId))].slice(0, 5);
    const trendRows: ProductOverview['trend'] = [];
    if (topSpus.length) {
      const trend = await this.productGroup(q, live, 'day', 1, topSpus);
      for (const s of trend.values())
        trendRows.push({ date: s.bucket, spuId: s.key, value: productMetrics(s.facts).P03 ?? 0 });
      trendRows.sort((a, b) => a.date.localeCompare(b.date) || a.spuId - b.spuId);
    }
    return {
      rows,
      byCategory: [...byCat.entries()]
        .map(([key, c]) => ({ key, name: c.name, value: c.value }))
        .filter((x) => x.value !== 0)
        .sort((a, b) => b.value - a.value),
      trend: trendRows,
      priceBands: bands,
    };
  }

  /** Orders (P01) and paid amount (P03) per unit-price band of the lines. */
  private async priceBands(q: ProductQuery, live: LiveCache): Promise<ProductOverview['priceBands']> {
    // The price band (k5) is on the roll-ups only: without them (a filter, a dirty day in the
    // range, days not rolled up yet) the bands are counted from the order lines.
    const g = DataCentreService.unfiltered(q)
      ? await groupRollup(this.db, 'product', this.productGrouping(q, live, 'range', 5))
      : null;
    if (g) {
      return [...g.values()]
        .filter((s) => s.key > 0 && (s.facts.paid_orders ?? 0) > 0)
        .sort((a, b) => a.key - b.key)
        .map((s) => ({
          band: PRICE_BANDS[s.key - 1]?.label ?? '',
          orders: s.facts.paid_orders ?? 0,
          amount: s.facts.paid_amount ?? 0,
        }));
    }
    const bands = await queryRows<{ band: string; orders: number; amount: string }>(
      this.db,
      sql`SELECT band, count(DISTINCT o.id)::int AS orders, sum(i.pay_amount)::bigint AS amount FROM (
            SELECT i.*, CASE WHEN i.unit_price < 10000 THEN '0-100' WHEN i.unit_price < 50000 THEN '100-500'
              WHEN i.unit_price < 100000 THEN '500-1000' WHEN i.unit_price < 500000 THEN '1000-5000' ELSE '5000+' END AS band
            FROM order_item i) i JOIN sales_order o ON o.id = i.order_id
          WHERE o.pay_time >= ${dayStart(q.from)} AND o.pay_time < ${dayStart(addDays(q.to, 1))}
            ${q.sourcePlatformId !== undefined ? sql`AND coalesce(o.source_platform_id, 0) = ${q.sourcePlatformId}` : sql``}
            ${q.channelId !== undefined ? sql`AND coalesce(o.channel_id, 0) = ${q.channelId}` : sql``}
          GROUP BY band ORDER BY min(i.unit_price)`,
    );
    return bands.map((b) => ({ band: b.band, orders: b.orders, amount: Number(b.amount) }));
  }

  /** Queues the rebuild of a date range (admin), audited; progress on System > Jobs. */
  async rebuild(p: Principal, from: string, to: string, ip: string) {
    checkRange(from, to);
    if (to >= this.today()) throw fieldError('to', 'dateInFuture');
    await this.queue.ready();
    const jobId = await this.db.transaction(async (tx) => {
      const id = await this.queue.send(statsRebuildJob, { from, to, by: p.userId }, { tx });
      await writeAudit(tx, {
        actorId: p.userId,
        actorName: p.username,
        action: 'data.rebuild',
        targetType: 'stat',
        targetId: `${from}..${to}`,
        summary: said(`data centre aggregates rebuilt for ${from} .. ${to}`, { from, to }),
        ip,
      });
      return id;
    });
    const days = Math.round((dayStart(to).getTime() - dayStart(from).getTime()) / 86_400_000) + 1;
    return { jobId, days };
  }
}

const addMonth = (monthStart: string) => {
  const [y, m] = monthStart.split('-').map(Number) as [number, number];
  const ny = m === 12 ? y + 1 : y;
  const nm = m === 12 ? 1 : m + 1;
  return `${ny}-${String(nm).padStart(2, '0')}-01`;
};
