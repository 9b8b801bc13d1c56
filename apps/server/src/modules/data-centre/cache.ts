import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * Exact caches of the data centre, per process (several servers: each keeps its own).
 *
 * Each request first reads, in ONE statement (one snapshot), three stamps (`readStamps`):
 * - the database's **snapshot stamp**, `pg_current_snapshot()` (xmin:xmax:in-progress xids). Two
 *   stamps are equal only when no transaction that wrote anything completed in between (a
 *   completion moves xmax or leaves the in-progress list; a read-only transaction has no xid), so a
 *   figure computed after reading stamp S is at least as new as S, and any later write changes the
 *   stamp the next request reads. Coarse: any committed write (an audit row, a sign-in) moves it.
 *   Today's live rows and whole answers are kept under it.
 * - the **aggregates' generation** (`stat_generation`, migration 0029): counters bumped by a
 *   statement trigger on the aggregate and roll-up tables in the transaction that writes them
 *   (nightly job, recompute, rebuild, patches, anything writing in SQL; a recompute's transaction
 *   bumps it once itself, as its last statement: migration 0031), the same on every server
 *   of the database. The past-day part of each grouping read from the roll-ups (rollup.ts
 *   `groupRollup`: the days before today) is kept under it: writes to clients, orders or
 *   follow-ups do not move it, so a busy server recomputes only today's part per request.
 * - the **dirty days** (`stat_dirty_date`): a late change marks its past days in its own
 *   transaction; a range containing one is computed the old way (daily aggregates and raw days)
 *   and a past part's key carries the dirty days of its range, so a mark changes the key at once
 *   without a counter that business transactions would queue on.
 *
 * Across stamps, by freshness (FreshReads below, `on`): a computation or a read started after a
 * request began (answers) or after its stamps were read (today's live rows) sees at least what the
 * request must see, so requests arriving together share it even when writes commit between them.
 *
 * `DATA_CENTRE_CACHE`: `on` (default: answers per snapshot stamp, past parts per generation,
 * today's live rows per snapshot stamp, both also by freshness), `stamp` (answers and live rows per snapshot stamp only:
 * the cache before the generation, kept for the benches), `live` (today's live rows only, every
 * figure recomputed per request), `off` (nothing shared between requests).
 */
export type CacheMode = 'on' | 'stamp' | 'live' | 'off';
export const CACHE_MODES: CacheMode[] = ['on', 'stamp', 'live', 'off'];
export const cacheModeOf = (v: string | undefined): CacheMode =>
  CACHE_MODES.includes(v as CacheMode) ? (v as CacheMode) : 'on';

export interface Stamps {
  /** pg_current_snapshot() */
  snapshot: string;
  /** When the stamps statement answered (performance.now(): FreshReads). */
  at: number;
  /** The aggregates' generation, e.g. `product:12,sales:14`. */
  gen: string;
  /** The dirty days, sorted. */
  dirty: string[];
}

/** The three stamps of a request (see above), read in one statement so that they agree. */
export const readStamps = async (db: DbOrTx): Promise<Stamps> => {
  const [r] = await queryRows<{ s: string; g: string | null; d: string | null }>(
    db,
    sql`SELECT pg_current_snapshot()::text AS s,
          (SELECT string_agg(name || ':' || gen, ',' ORDER BY name) FROM stat_generation) AS g,
          (SELECT string_agg(to_char(stat_date, 'YYYY-MM-DD'), ',' ORDER BY stat_date) FROM stat_dirty_date) AS d`,
  );
  return { snapshot: r?.s ?? '', at: performance.now(), gen: r?.g ?? '', dirty: r?.d ? r.d.split(',') : [] };
};

/** Generation stamps compare counter by counter: true when `a` is older than `b`. */
export const olderGen = (a: string, b: string): boolean => {
  const of = (x: string) => new Map(x.split(',').map((p) => [p.split(':')[0], Number(p.split(':')[1])]));
  const ma = of(a);
  const mb = of(b);
  return [...ma].some(([k, v]) => v < (mb.get(k) ?? Number.NEGATIVE_INFINITY));
};

/**
 * A small LRU of promises keyed by stamp + key: callers asking the same thing together share one
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

  clear() {
    this.map.clear();
    this.stamp = '';
  }
}

/**
 * Reads shared across snapshot stamps by freshness (today's live rows, `on`): a read SENT after a
 * request had read its stamps sees at least what those stamps saw (its statement's snapshot is
 * later), exactly what the request would read itself, so the request may take it and keep what
 * it computes under its stamp. Per key, one read in flight at most plus one pending: a request
 * whose stamps came after the read in flight was sent waits for the next read, which is sent when
 * the one in flight ends and serves every request whose stamps came before that. Ten callers
 * with writes committing between them cost two reads in a row instead of ten side by side.
 * `since`: when the request's stamps statement answered (performance.now()).
 */
export class FreshReads<T> {
  private readonly last = new Map<string, { sentAt: number; p: Promise<T>; done: boolean }>();
  private readonly next = new Map<string, Promise<T>>();
  reads = 0;
  joins = 0;
  constructor(private readonly max = 64) {}

  get(key: string, since: number, load: () => Promise<T>): Promise<T> {
    const last = this.last.get(key);
    if (last && last.sentAt >= since) {
      this.joins++;
      return last.p;
    }
    const pending = this.next.get(key);
    if (pending) {
      this.joins++;
      return pending;
    }
    if (!last || last.done) return this.send(key, load);
    const p = last.p
      .catch(() => undefined)
      .then(() => {
        this.next.delete(key);
        return this.send(key, load);
      });
    this.next.set(key, p);
    return p;
  }

  private send(key: string, load: () => Promise<T>): Promise<T> {
    this.reads++;
    // Taken before the read is sent: its statement's snapshot is later still.
    const sentAt = performance.now();
    const entry = { sentAt, p: load(), done: false };
    const settle = () => {
      entry.done = true;
    };
    entry.p.then(settle, settle);
    entry.p.catch(() => {
      if (this.last.get(key) === entry) this.last.delete(key);
    });
    this.last.delete(key);
    this.last.set(key, entry);
    while (this.last.size > this.max) {
      const oldest = this.last.keys().next().value as string;
      this.last.delete(oldest);
    }
    return entry.p;
  }
}
