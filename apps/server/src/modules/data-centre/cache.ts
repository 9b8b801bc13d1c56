import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

/**
 * Exact caches of the data centre, per process (several servers: each keeps its own).
 *
 * The key of every entry includes the database's **snapshot stamp**: `pg_current_snapshot()`
 * (xmin:xmax:in-progress xids), read once at the start of a request. Two stamps are equal only
 * when no transaction that wrote anything completed in between (a completion moves xmax or leaves
 * the in-progress list; a read-only transaction has no xid), so a figure computed after reading
 * stamp S is at least as new as S, and any later write changes the stamp the next request reads:
 * no stale figure, whatever table changed (sources, aggregates, roll-ups, dirty marks, names).
 * It is coarse: any committed write of the database (an audit row, a sign-in) starts a new
 * generation, so on a busy server it mostly shares work between requests arriving together.
 *
 * `DATA_CENTRE_CACHE`: `on` (default: results and today's live rows), `live` (today's live rows
 * only, every figure recomputed per request), `off` (nothing shared between requests).
 */
export type CacheMode = 'on' | 'live' | 'off';
export const cacheModeOf = (v: string | undefined): CacheMode => (v === 'off' || v === 'live' ? v : 'on');

/** The snapshot stamp (see above): one statement, no table read. */
export const snapshotStamp = async (db: DbOrTx): Promise<string> => {
  const rows = await queryRows<{ s: string }>(db, sql`SELECT pg_current_snapshot()::text AS s`);
  return rows[0]?.s ?? '';
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
  constructor(private readonly max: number) {}

  get(stamp: string, key: string, compute: () => Promise<T>): Promise<T> {
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
