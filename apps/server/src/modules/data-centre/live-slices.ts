import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';

const HOUR = 3_600_000;
const HOURS = 24;
const MAX_AGE = 24 * HOUR;

/** A live row with the hour (0-23, Asia/Shanghai) of the events it groups. */
export interface HourRow {
  h: number;
}

interface Entry<R> {
  /** The snapshot (pg_current_snapshot) read before the rows' statements: they hold at least it. */
  snapshot: string;
  /** When its first hours were read (Date.now()): an entry is re-read whole after a day. */
  born: number;
  hours: R[][];
  rows: R[];
  /** What consumers derived from the hours (sliceOf): kept while the key's entry is. */
  derived: Map<string, unknown>;
}

/** A kept day's rows per hour, and a place for what is derived from them hour by hour. */
export interface Slice<R> {
  hours: readonly R[][];
  derived: Map<string, unknown>;
}
const slices = new WeakMap<object, Slice<unknown>>();
/** The hours behind rows that LiveSlices returned (undefined for other rows). */
export const sliceOf = <R>(rows: R[]): Slice<R> | undefined => slices.get(rows) as Slice<R> | undefined;

/**
 * A live day's rows kept per hour between requests (`DATA_CENTRE_CACHE=on`), so that a write
 * costs the next request the hours it touched instead of the whole day again. Statement triggers
 * on the facts' tables (migration 0030) record what each transaction touched in `stat_live_touch`
 * with its id; an entry keeps the snapshot read before its rows were, and a later request reads,
 * in one statement, the current snapshot and the earliest touch committed since the entry's
 * (`pg_visible_in_snapshot`: not visible then, visible now), then re-reads that hour and the
 * later ones. A write of "now" (a follow-up, a payment) re-reads one hour; a change that may move
 * any event (an attribution, a department) re-reads the day. The rows of an entry are at least as
 * new as its snapshot: the next request's check starts there, so a commit is never missed.
 * Per key, one refresh at a time.
 */
export class LiveSlices<R extends HourRow> {
  private readonly entries = new Map<string, Entry<R>>();
  private readonly busy = new Map<string, Promise<unknown>>();
  /** Statements that read rows, and the hours they read (tests, benches). */
  reads = 0;
  hoursRead = 0;
  constructor(private readonly max = 64) {}

  /**
   * The rows of the day starting at `dayStart`, `read(fromHour)` reading the hours from `fromHour`
   * on (each row with its hour).
   */
  rows(db: DbOrTx, key: string, dayStart: Date, read: (fromHour: number) => Promise<R[]>): Promise<R[]> {
    const before = this.busy.get(key) ?? Promise.resolve();
    const p = before.catch(() => undefined).then(() => this.refresh(db, key, dayStart, read));
    this.busy.set(key, p);
    const forget = () => {
      if (this.busy.get(key) === p) this.busy.delete(key);
    };
    p.then(forget, forget);
    return p;
  }

  private async refresh(db: DbOrTx, key: string, dayStart: Date, read: (fromHour: number) => Promise<R[]>) {
    const kept = this.entries.get(key);
    // The nightly job deletes touches older than two days: an entry never outlives one.
    const entry = kept && Date.now() - kept.born < MAX_AGE ? kept : undefined;
    const { snapshot, from, earlier } = entry
      ? await touchedSince(db, entry.snapshot, dayStart)
      : { snapshot: await currentSnapshot(db), from: 0, earlier: false };
    if (entry && from >= HOURS) {
      entry.snapshot = snapshot;
      // What the consumers derive from the rows together with earlier days (rollup.ts liveShared,
      // by the rows' identity) is derived again after a write of an earlier day.
      if (earlier) {
        entry.rows = entry.rows.slice();
        slices.set(entry.rows, { hours: entry.hours, derived: entry.derived });
      }
      this.keep(key, entry);
      return entry.rows;
    }
    this.reads++;
    this.hoursRead += HOURS - from;
    const fresh = await read(from);
    const hours: R[][] = Array.from({ length: HOURS }, (_, h) =>
      entry && h < from ? (entry.hours[h] ?? []) : [],
    );
    for (const r of fresh) hours[r.h]?.push(r);
    const next = {
      snapshot,
      born: entry?.born ?? Date.now(),
      hours,
      rows: hours.flat(),
      derived: entry?.derived ?? new Map<string, unknown>(),
    };
    slices.set(next.rows, { hours, derived: next.derived });
    this.keep(key, next);
    return next.rows;
  }

  private keep(key: string, entry: Entry<R>) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Whether rows are kept under `key`. */
  has(key: string) {
    return this.entries.has(key);
  }
}

const currentSnapshot = async (db: DbOrTx) => {
  const [r] = await queryRows<{ s: string }>(db, sql`SELECT pg_current_snapshot()::text AS s`);
  return r?.s ?? '';
};

/**
 * The current snapshot, the first hour of the day whose events a transaction committed since
 * `snapshot` may have changed (24: none), and whether it touched an earlier day. Touches of xids
 * below the old snapshot's xmin were visible to it already (the index bounds the scan to recent
 * writes).
 */
const touchedSince = async (db: DbOrTx, snapshot: string, dayStart: Date) => {
  const xmin = snapshot.split(':')[0] ?? '0';
  const dayEnd = new Date(dayStart.getTime() + HOURS * HOUR);
  const [r] = await queryRows<{ s: string; at: Date | string | null; earlier: boolean | null }>(
    db,
    sql`SELECT pg_current_snapshot()::text AS s,
          min(CASE WHEN forward THEN greatest(at, ${dayStart}) WHEN at >= ${dayStart} THEN at END) AS at,
          bool_or(at < ${dayStart}) AS earlier
        FROM (SELECT 1) one LEFT JOIN stat_live_touch ON xid >= ${xmin}::bigint
          AND NOT pg_visible_in_snapshot(xid::text::xid8, ${snapshot}::pg_snapshot) AND at < ${dayEnd}`,
  );
  const at = r?.at == null ? null : new Date(r.at);
  const from = at === null ? HOURS : Math.max(0, Math.floor((at.getTime() - dayStart.getTime()) / HOUR));
  return { snapshot: r?.s ?? '', from, earlier: r?.earlier === true };
};
