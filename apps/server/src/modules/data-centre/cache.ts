import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * The data centre's cache, per process (several servers: each keeps its own):
 * - **past days per aggregate generation**: the past-day part of each grouping read from the
 *   roll-ups (rollup.ts `groupRollup`: the days before today) is kept under the aggregates'
 *   generation (`stat_generation`, migration 0029: counters bumped in the transaction that writes
 *   the aggregates or roll-ups: nightly job, recompute, rebuild, patches; the same on every server
 *   of the database). A late change marks its past days dirty in its own transaction
 *   (`stat_dirty_date`, dirty.ts); a range containing a dirty day is computed the old way (daily
 *   aggregates and raw days) until the recompute, and the marks are read with the generation in
 *   one statement per request (`readStamps`), so a past figure is never stale;
 * - **today kept for a short time** (`TodayRows`): today's live rows of a scope are read once and
 *   kept for `TODAY_MAX_AGE_MS`; an answer that includes today says when they were read (`asOf`,
 *   shown on the pages), so under writes a request costs the stamps statement and its past parts'
 *   look-ups, and today's rows are read again at most once per key and period.
 * Nothing else is kept between requests (no trigger on the business tables feeds it).
 */
export const TODAY_MAX_AGE_MS = 30_000;

/** `on`: the cache above; `off`: nothing shared between requests (the tests' oracle, in code only). */
export type CacheMode = 'on' | 'off';

export interface Stamps {
  /** The aggregates' generation, e.g. `product:12,sales:14`. */
  gen: string;
  /** The dirty days, sorted. */
  dirty: string[];
}

/** A request's stamps (see above), read in one statement so that they agree. */
export const readStamps = async (db: DbOrTx): Promise<Stamps> => {
  const [r] = await queryRows<{ g: string | null; d: string | null }>(
    db,
    sql`SELECT (SELECT string_agg(name || ':' || gen, ',' ORDER BY name) FROM stat_generation) AS g,
          (SELECT string_agg(to_char(stat_date, 'YYYY-MM-DD'), ',' ORDER BY stat_date) FROM stat_dirty_date) AS d`,
  );
  return { gen: r?.g ?? '', dirty: r?.d ? r.d.split(',') : [] };
};

/** Generation stamps compare counter by counter: true when `a` is older than `b`. */
export const olderGen = (a: string, b: string): boolean => {
  const of = (x: string) => new Map(x.split(',').map((p) => [p.split(':')[0], Number(p.split(':')[1])]));
  const ma = of(a);
  const mb = of(b);
  return [...ma].some(([k, v]) => v < (mb.get(k) ?? Number.NEGATIVE_INFINITY));
};

/**
 * A small LRU of promises keyed by stamp + key (the past parts, per generation): callers asking the same thing together share one
 * computation; a stamp different from the entries' drops them all (they cannot be asked again:
 * stamps only move on); a rejected computation is forgotten.
 */
export class StampedLru<T> {
  private stamp = '';
  private readonly map = new Map<string, Promise<T>>();
  hits = 0;
  misses = 0;
  constructor(
    private readonly max: number,
    /** Stamps that can be ordered: a request with an older stamp computes without touching the entries. */
    private readonly older?: (a: string, b: string) => boolean,
  ) {}

  get(stamp: string, key: string, compute: () => Promise<T>): Promise<T> {
    if (stamp !== this.stamp && this.stamp && this.older?.(stamp, this.stamp)) {
      this.misses++;
      return compute();
    }
    if (stamp !== this.stamp) {
      this.map.clear();
      this.stamp = stamp;
    }
    const found = this.map.get(key);
    if (found) {
      this.hits++;
      // Most recently used last.
      this.map.delete(key);
      this.map.set(key, found);
      return found;
    }
    this.misses++;
    const p = compute();
    this.map.set(key, p);
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
    }
    p.catch(() => {
      if (this.map.get(key) === p) this.map.delete(key);
    });
    return p;
  }

  /** The entry if present under this stamp (no computation). */
  peek(stamp: string, key: string): Promise<T> | undefined {
    if (stamp !== this.stamp) return undefined;
    const found = this.map.get(key);
    if (found) this.hits++;
    return found;
  }
}

/** Kept rows and when they were read (ms since the epoch, the service's clock). */
export interface Kept<T> {
  at: number;
  rows: Promise<T>;
}

/**
 * Today's live rows per key, each kept for `maxAgeMs` after it was read (the service's clock):
 * callers within that time share one read, a caller after it reads again (callers arriving
 * together share that read too); a failed read is forgotten. A request whose clock is behind an
 * entry's read time takes it (it holds at least what that request must see).
 */
export class TodayRows<T> {
  private readonly map = new Map<string, Kept<T>>();
  /** Reads sent (tests, benches). */
  reads = 0;
  constructor(
    readonly maxAgeMs = TODAY_MAX_AGE_MS,
    private readonly max = 64,
  ) {}

  get(key: string, now: number, load: () => Promise<T>): Kept<T> {
    const found = this.map.get(key);
    if (found && now - found.at < this.maxAgeMs) {
      // Most recently used last.
      this.map.delete(key);
      this.map.set(key, found);
      return found;
    }
    this.reads++;
    const entry = { at: now, rows: load() };
    this.map.delete(key);
    this.map.set(key, entry);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    entry.rows.catch(() => {
      if (this.map.get(key) === entry) this.map.delete(key);
    });
    return entry;
  }
}
