import { inArray, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
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

export const checkLoginLock = async (
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
): Promise<LockState> => {
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

/**
 * Counts one failure atomically (one upsert per counter, safe across server instances) and says
 * which counters just became locked, so the caller can audit the lock.
 */
export const recordLoginFailure = async (
  db: DbOrTx,
  username: string,
  ip: string,
  now: Date,
): Promise<{ pairLocked: boolean; userLocked: boolean }> => {
  const pairLockUntil = new Date(now.getTime() + PAIR_LOCK_SECONDS * 1000);
  const [pair] = await queryRows<{ failures: number; locked: boolean }>(
    db,
    sql`
    INSERT INTO login_throttle (key, failures, window_start, locked_until, updated_at)
    VALUES (${pairKey(username, ip)}, 1, ${now}, NULL, ${now})
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN login_throttle.locked_until IS NOT NULL AND login_throttle.locked_until <= ${now}
                      THEN 1 ELSE login_throttle.failures + 1 END,
      locked_until = CASE
        WHEN login_throttle.locked_until IS NOT NULL AND login_throttle.locked_until <= ${now} THEN NULL
        WHEN login_throttle.failures + 1 >= ${PAIR_MAX_FAILURES} THEN ${pairLockUntil}::timestamptz
        ELSE login_throttle.locked_until END,
      updated_at = ${now}
    RETURNING failures, (locked_until IS NOT NULL AND failures = ${PAIR_MAX_FAILURES}) AS locked`,
  );
  const hourAgo = new Date(now.getTime() - HOUR_SECONDS * 1000);
  const [user] = await queryRows<{ failures: number; locked: boolean }>(
    db,
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
    RETURNING failures, (locked_until IS NOT NULL AND failures = ${USER_MAX_FAILURES_PER_HOUR}) AS locked`,
  );
  return { pairLocked: Boolean(pair?.locked), userLocked: Boolean(user?.locked) };
};

/** A successful login ends the pair's streak of failures. */
export const clearPairFailures = async (db: DbOrTx, username: string, ip: string) => {
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
