import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { JobQueue } from '../../src/jobs/queue';
import { TODAY_MAX_AGE_MS } from '../../src/modules/data-centre/cache';
import { addDays } from '../../src/modules/data-centre/engine';
import { recomputeDays } from '../../src/modules/data-centre/jobs';
import { DataCentreService } from '../../src/modules/data-centre/service';
import type { Principal } from '../../src/types';
import { createTestApp, type TestApp } from '../support/app';
import { dcCaller, FIRST_PAGE, seedDataCentre } from '../support/data-centre';

/**
 * Today's live rows kept for a short time (cache.ts TodayRows): after each kind of write of today
 * the kept answer stays as it was, with its `asOf`, until the rows are older than
 * TODAY_MAX_AGE_MS; then it equals `off` (nothing shared) at the same moment. Without keeping
 * (`todayMaxAgeMs: 0`, today computed live) it equals `off` right after the write.
 */
let t: TestApp;
const FROM = '2026-08-01';
const TODAY = addDays(FROM, 20);
const NOW = new Date(`${TODAY}T15:20:00+08:00`);
/** The services' clock: moves on by the keep period after each write. */
let clock = NOW;
const at = (hh: number, mm = 0) =>
  new Date(`${TODAY}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

const adminP = dcCaller(1);
let selfP: Principal;
let user: { id: number; dept: number | null };
let otherUser: { id: number; dept: number | null };
let clientId: number;
let on: DataCentreService;
let off: DataCentreService;
let live: DataCentreService;

const views = (s: DataCentreService) =>
  Promise.all([
    s.overview(adminP),
    s.daily(adminP, TODAY),
    s.overview(selfP),
    s.series(selfP, {
      from: addDays(TODAY, -10),
      to: TODAY,
      granularity: 'day',
      dimension: 'all',
      ...FIRST_PAGE,
    }),
    s.productDaily({ from: addDays(TODAY, -10), to: TODAY, level: 'sku' }),
  ]);

/**
 * After a write: `live` (nothing kept) equals `off` at once; `on` answers from the kept rows
 * (the same `asOf`) until the keep period has passed, then equals `off` with today's rows
 * read again.
 */
const afterWrite = async (write: () => Promise<unknown>) => {
  const kept = await views(on);
  await write();
  const reads = on.todayRows.reads;
  expect(await views(live)).toEqual(await views(off));
  // Kept: nothing read, the same time (names and the other tables are read per request).
  expect((await views(on)).map((v) => v.asOf)).toEqual(kept.map((v) => v.asOf));
  expect(on.todayRows.reads).toBe(reads);
  clock = new Date(clock.getTime() + TODAY_MAX_AGE_MS);
  const ref = await views(off);
  const answers = await views(on);
  expect(answers).toEqual(ref);
  expect(answers[0].asOf).toBe(clock.toISOString());
  return { reads: on.todayRows.reads - reads, ref, kept };
};

let orders = 0;
const paidOrder = async (when: Date, amount: number, client = clientId, sales = user) => {
  const [o] = await queryRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO sales_order (order_no, client_id, total_amount, discount_amount, pay_amount, status, pay_time, sales_user_id, sales_dept_id, created_at)
        VALUES (${`LS${++orders}`}, ${client}, ${amount}, 0, ${amount}, 'PAID', ${when}, ${sales.id}, ${sales.dept}, ${when}) RETURNING id`,
  );
  return Number(o?.id);
};
const followUp = (when: Date) =>
  t.database.db.execute(
    sql`INSERT INTO follow_up (client_id, type, source, created_by, creator_dept_id, deleted, created_at)
        VALUES (${clientId}, 'CALL', 'MANUAL', ${user.id}, ${user.dept}, false, ${when})`,
  );

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = NOW;
  const seeded = await seedDataCentre(t.database.db, { seed: 23, from: FROM, days: 30, clients: 120 });
  const withDept = seeded.users.filter((u) => u.dept !== null);
  user = withDept[0] as { id: number; dept: number | null };
  otherUser =
    withDept.find((u) => u.dept !== user.dept) ?? (seeded.users.find((u) => u.id !== user.id) as typeof user);
  selfP = dcCaller(user.id, 'SELF', user.dept);
  // A client without orders, so that its first payment is the test's to decide.
  const [c] = await queryRows<{ id: string }>(
    t.database.db,
    sql`INSERT INTO client (name, mobile, owner_user_id, first_owner_user_id, stage, deleted, created_at)
        VALUES ('切片', '13900009999', ${user.id}, ${user.id}, 'NEW', false, ${at(8)}) RETURNING id`,
  );
  clientId = Number(c?.id);
  await recomputeDays(
    t.database.db,
    Array.from({ length: 20 }, (_, i) => addDays(FROM, i)),
  );
  const service = (opts: ConstructorParameters<typeof DataCentreService>[3]) =>
    new DataCentreService(t.database.db, () => clock, { register() {} } as unknown as JobQueue, opts);
  on = service({});
  off = service({ cache: 'off' });
  live = service({ todayMaxAgeMs: 0 });
});
afterAll(async () => t.close());

describe('data centre: today kept for a short time', () => {
  it('keeps today for its period with its time, then equals the uncached answer after every kind of write', async () => {
    const first = await views(on);
    expect(first).toEqual(await views(off));
    expect(on.todayRows.reads).toBeGreaterThan(0);
    // Every view includes today: they say when today's rows were read; a past range says nothing.
    for (const v of first) expect(v.asOf).toBe(NOW.toISOString());
    const past = await on.series(adminP, {
      from: FROM,
      to: addDays(TODAY, -1),
      granularity: 'day',
      dimension: 'all',
      ...FIRST_PAGE,
    });
    expect(past.asOf).toBeNull();

    // A follow-up and a payment of the current hour.
    const now = await afterWrite(async () => {
      await followUp(at(15, 10));
      await paidOrder(at(15, 12), 5_000);
    });
    expect(now.reads).toBeGreaterThan(0);
    expect(now.ref[0]).not.toEqual(now.kept[0]);

    // An entry of this morning (typed in late).
    await afterWrite(() => followUp(at(9, 30)));

    // A refund paid back this afternoon, then its order moved to another sales user.
    const order = await paidOrder(at(11, 5), 8_000, clientId);
    await afterWrite(() =>
      t.database.db.execute(
        sql`INSERT INTO refund (refund_no, order_id, items, amount, reason, status, refunded_at)
            VALUES ('LSR1', ${order}, '[]'::jsonb, 3000, 'test', 'SUCCESS', ${at(14, 30)})`,
      ),
    );
    await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE sales_order SET sales_user_id = ${otherUser.id}, sales_dept_id = ${otherUser.dept} WHERE id = ${order}`,
      ),
    );

    // A payment yesterday makes it the client's first instead of today's.
    await afterWrite(() => paidOrder(new Date(at(10).getTime() - 86_400_000), 1_000));

    // A user's department keys all their events.
    await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE admin_user SET department_id = ${otherUser.dept} WHERE id = ${user.id}`,
      ),
    );

    // A follow-up of 15:10 deleted.
    await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE follow_up SET deleted = true WHERE client_id = ${clientId} AND created_at = ${at(15, 10)}`,
      ),
    );

    // A follow-up of the same client yesterday, straight in SQL (no dirty mark): the client is no
    // longer new to the range's totals, in both answers.
    await afterWrite(() => followUp(new Date(at(11).getTime() - 86_400_000)));
  }, 240_000);

  it('leaves no trigger of the removed per-hour touches on the business tables (migration 0032)', async () => {
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM pg_trigger WHERE tgname LIKE '%\_live\_%' AND NOT tgisinternal`,
    );
    expect(rows[0]?.n).toBe(0);
    const table = await queryRows<{ t: string | null }>(
      t.database.db,
      sql`SELECT to_regclass('stat_live_touch')::text AS t`,
    );
    expect(table[0]?.t).toBeNull();
  });
});
