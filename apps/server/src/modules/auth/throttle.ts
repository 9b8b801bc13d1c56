import { inArray, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { loginThrottle } from '../../db/schema';

/** Consecutive failures of one (username, IP) pair before it is locked, and for how long. */
export const PAIR_MAX_FAILURES = 10;
export const PAIR_LOCK_SECONDS = 15 * 60;
/** Failures of one username from all addresses within an hour (ASVS 4.0.3 2.2.1). */
export const USER_MAX_FAILURES_PER_HOUR = 100;
const HOUR_SECONDS = 3600;

const pairKey = (username: string, ip: string) => `p:${username.toLowerCase()}|${ip}`;
const userKey = (username: string) => `u:${username.toLowerCase()}`;

export interface LockState {
  locked: boolean;
  retryAfterSeconds: number;
}

const secondsUntil = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

const lockOf = async (db: DbOrTx, username: string, ip: string, now: Date): Promise<LockState> => {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [pairKey(username, ip), userKey(username)]));
  let retry = 0;
  for (const row of rows) {
    if (row.lockedUntil && row.lockedUntil > now) retry = Math.max(retry, secondsUntil(row.lockedUntil, now));
  }
  return { locked: retry > 0, retryAfterSeconds: retry };
};

/** An attempt reserved before its password or code is checked, or the lock that refuses it. */
export type Reservation =
  | { locked: false; pairLocked: boolean; userLocked: boolean }
  | { locked: true; retryAfterSeconds: number };

class Refused extends Error {}

/**
 * Counts the attempt as a failure before the password or code is checked, in one conditional
 * upsert per counter (the row lock makes concurrent attempts take turns): once a counter is
 * locked no further attempt is reserved, so N simultaneous guesses cannot all be checked. A
 * correct answer gives the reservation back (releaseLoginAttempt, loginSucceeded). `pairLocked` /
 * `userLocked`: this attempt was the one that locked the counter (the caller audits it if it fails).
 */
export const reserveLoginAttempt = async (
  db: Db,
  username: string,
  ip: string,
  now: Date,
): Promise<Reservation> => {
  const hourAgo = new Date(now.getTime() - HOUR_SECONDS * 1000);
  const pairLockUntil = new Date(now.getTime() + PAIR_LOCK_SECONDS * 1000);
  try {
    return await db.transaction(async (tx) => {
      // The username's counter first, then the pair's: every attempt locks the rows in this order.
      const [user] = await queryRows<{ locked: boolean }>(
        tx,
        sql`
        INSERT INTO login_throttle (key, failures, window_start, locked_until, updated_at)
        VALUES (${userKey(username)}, 1, ${now}, NULL, ${now})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN login_throttle.window_start <= ${hourAgo} THEN 1 ELSE login_throttle.failures + 1 END,
          window_start = CASE WHEN login_throttle.window_start <= ${hourAgo} THEN ${now} ELSE login_throttle.window_start END,
          locked_until = CASE
            WHEN login_throttle.window_start <= ${hourAgo} THEN NULL
            WHEN login_throttle.failures + 1 >= ${USER_MAX_FAILURES_PER_HOUR}
              THEN login_throttle.window_start + make_interval(secs => ${HOUR_SECONDS})
            ELSE NULL END,
          updated_at = ${now}
        WHERE login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${now}
        RETURNING (locked_until IS NOT NULL) AS locked`,
      );
      if (!user) throw new Refused();
      const [pair] = await queryRows<{ locked: boolean }>(
        tx,
        sql`
        INSERT INTO login_throttle (key, failures, window_start, locked_until, updated_at)
        VALUES (${pairKey(username, ip)}, 1, ${now}, NULL, ${now})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN login_throttle.locked_until IS NOT NULL THEN 1 ELSE login_throttle.failures + 1 END,
          locked_until = CASE
            WHEN login_throttle.locked_until IS NULL AND login_throttle.failures + 1 >= ${PAIR_MAX_FAILURES}
              THEN ${pairLockUntil}::timestamptz
            ELSE NULL END,
          updated_at = ${now}
        WHERE login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${now}
        RETURNING (locked_until IS NOT NULL) AS locked`,
      );
      // The pair is locked: the username's count is rolled back with the transaction.
      if (!pair) throw new Refused();
      return { locked: false, pairLocked: Boolean(pair.locked), userLocked: Boolean(user.locked) };
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    const lock = await lockOf(db, username, ip, now);
    return { locked: true, retryAfterSeconds: Math.max(1, lock.retryAfterSeconds) };
  }
};

/**
 * The password or code was right: the attempt is not a failure after all (the counts, and a lock
 * the reservation set, are taken back). Used where no session opens yet (a second step follows, or
 * the account is disabled); loginSucceeded when one does.
 */
export const releaseLoginAttempt = async (db: DbOrTx, username: string, ip: string) => {
  await db.execute(sql`
    UPDATE login_throttle SET
      failures = GREATEST(failures - 1, 0),
      locked_until = CASE
        WHEN failures - 1 >= (CASE WHEN key = ${userKey(username)} THEN ${USER_MAX_FAILURES_PER_HOUR}::int
                                   ELSE ${PAIR_MAX_FAILURES}::int END) THEN locked_until
        ELSE NULL END
    WHERE key IN (${pairKey(username, ip)}, ${userKey(username)})`);
};

/** A session opened: the attempt is given back and the pair's streak of failures ends. */
export const loginSucceeded = async (db: DbOrTx, username: string, ip: string) => {
  await releaseLoginAttempt(db, username, ip);
  await db.execute(sql`DELETE FROM login_throttle WHERE key = ${pairKey(username, ip)}`);
};

/** Admin action: clears every lock and counter of a username. Returns how many counters it removed. */
export const clearLocksOf = async (db: DbOrTx, username: string): Promise<number> => {
  const name = username.toLowerCase();
  const res = await queryRows<{ key: string }>(
    db,
    sql`
    DELETE FROM login_throttle WHERE key = ${userKey(name)} OR starts_with(key, ${`p:${name}|`}) RETURNING key`,
  );
  return res.length;
};

export const listActiveLocks = async (db: DbOrTx, now: Date) =>
  queryRows<{ key: string; failures: number; locked_until: Date }>(
    db,
    sql`
    SELECT key, failures, locked_until FROM login_throttle WHERE locked_until > ${now} ORDER BY locked_until DESC LIMIT 200`,
  );
