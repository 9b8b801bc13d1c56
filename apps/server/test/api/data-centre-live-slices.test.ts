import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import type { JobQueue } from '../../src/jobs/queue';
import type { CacheMode } from '../../src/modules/data-centre/cache';
import { addDays } from '../../src/modules/data-centre/engine';
import { recomputeDays } from '../../src/modules/data-centre/jobs';
import { livePartStats } from '../../src/modules/data-centre/live-part';
import { DataCentreService } from '../../src/modules/data-centre/service';
import type { Principal } from '../../src/types';
import { createTestApp, type TestApp } from '../support/app';
import { dcCaller, FIRST_PAGE, seedDataCentre } from '../support/data-centre';

/**
 * Today's live rows kept per hour (live-slices.ts, `on`): after each kind of write the answers
 * equal `off` (nothing shared) at the same moment, and the rows re-read are the hours the write
 * touched: a write of the current hour re-reads that hour, a write elsewhere in the database none,
 * a change that may move any event (an attribution, a department, an earlier payment) the day.
 */
let t: TestApp;
const FROM = '2026-08-01';
const TODAY = addDays(FROM, 20);
const NOW = new Date(`${TODAY}T15:20:00+08:00`);
const at = (hh: number, mm = 0) =>
  new Date(`${TODAY}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00+08:00`);

const adminP = dcCaller(1);
let selfP: Principal;
let user: { id: number; dept: number | null };
let otherUser: { id: number; dept: number | null };
let clientId: number;
const service = (cache: CacheMode) =>
  new DataCentreService(t.database.db, () => NOW, { register() {} } as unknown as JobQueue, { cache });
let on: DataCentreService;
let off: DataCentreService;

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

/** The hours `on` re-read to answer the views after a write, checked against `off`. */
const afterWrite = async (write: () => Promise<unknown>) => {
  await write();
  const reads = on.liveSlices.reads;
  const hours = on.liveSlices.hoursRead;
  const ref = await views(off);
  const derived = { ...livePartStats };
  expect(await views(on)).toEqual(ref);
  return {
    reads: on.liveSlices.reads - reads,
    hours: on.liveSlices.hoursRead - hours,
    derived: livePartStats.hours - derived.hours,
    parts: livePartStats.parts - derived.parts,
    ref,
  };
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
  on = service('on');
  off = service('off');
});
afterAll(async () => t.close());

describe('data centre: today kept per hour (live slices)', () => {
  it('reads the whole day once, then only what each write touched, always equal to the uncached answer', async () => {
    expect(await views(on)).toEqual(await views(off));
    expect(on.liveSlices.reads).toBeGreaterThan(0);
    expect(on.liveSlices.hoursRead).toBe(24 * on.liveSlices.reads);

    // Nothing written: no read.
    const idle = await afterWrite(async () => {});
    expect(idle.reads).toBe(0);

    // A write no fact reads (a sign-in time, an audit row): the snapshot moves, nothing is re-read.
    const unrelated = await afterWrite(() =>
      t.database.db.execute(sql`UPDATE admin_user SET last_login_at = ${NOW} WHERE id = ${user.id}`),
    );
    expect(unrelated.reads).toBe(0);

    // A follow-up and a payment of the current hour: that hour only (15:00-16:00), per key read.
    // Each grouping derives its live part again from those hours only (live-part.ts), not the day.
    const before = (await views(off))[0];
    const now = await afterWrite(async () => {
      await followUp(at(15, 10));
      await paidOrder(at(15, 12), 5_000);
    });
    expect(now.reads).toBeGreaterThan(0);
    expect(now.hours).toBe(now.reads * 9);
    expect(now.ref[0]).not.toEqual(before);
    expect(now.parts).toBeGreaterThan(0);
    expect(now.derived).toBe(now.parts * 9);

    // An entry of this morning (typed in late): from 09:00 on.
    const late = await afterWrite(() => followUp(at(9, 30)));
    expect(late.hours).toBe(late.reads * 15);

    // A refund paid back this afternoon, then its order moved to another sales user: the refund
    // at 14:00, then any event of the order (the whole day).
    const order = await paidOrder(at(11, 5), 8_000, clientId);
    await views(on);
    const refund = await afterWrite(() =>
      t.database.db.execute(
        sql`INSERT INTO refund (refund_no, order_id, items, amount, reason, status, refunded_at)
            VALUES ('LSR1', ${order}, '[]'::jsonb, 3000, 'test', 'SUCCESS', ${at(14, 30)})`,
      ),
    );
    expect(refund.hours).toBe(refund.reads * 10);
    const moved = await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE sales_order SET sales_user_id = ${otherUser.id}, sales_dept_id = ${otherUser.dept} WHERE id = ${order}`,
      ),
    );
    expect(moved.hours).toBe(moved.reads * 24);

    // A payment yesterday makes it the client's first instead of today's: from yesterday on.
    const earlier = await afterWrite(() => paidOrder(new Date(at(10).getTime() - 86_400_000), 1_000));
    expect(earlier.reads).toBeGreaterThan(0);
    expect(earlier.hours).toBe(earlier.reads * 24);

    // A user's department keys all their events: the day.
    const dept = await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE admin_user SET department_id = ${otherUser.dept} WHERE id = ${user.id}`,
      ),
    );
    expect(dept.hours).toBe(dept.reads * 24);

    // A follow-up of 15:10 deleted: that hour on.
    const removed = await afterWrite(() =>
      t.database.db.execute(
        sql`UPDATE follow_up SET deleted = true WHERE client_id = ${clientId} AND created_at = ${at(15, 10)}`,
      ),
    );
    expect(removed.hours).toBe(removed.reads * 9);

    // A follow-up of the same client yesterday, straight in SQL (no dirty mark): no hour of today
    // is re-read, but what was derived from today's rows with the earlier days is (the client
    // is no longer new to the range's totals, in both answers).
    const yesterday = await afterWrite(() => followUp(new Date(at(11).getTime() - 86_400_000)));
    expect(yesterday.reads).toBe(0);

    // A write of tomorrow touches none of today's hours.
    const tomorrow = await afterWrite(() => followUp(new Date(at(10).getTime() + 86_400_000)));
    expect(tomorrow.reads).toBe(0);
  });

  it('costs a bulk update a set operation, not a join of the old and new rows', async () => {
    // 20,000 paid orders updated at once (a column no fact reads, then the amounts): the triggers
    // compare old and new rows with EXCEPT; a join of the two transition tables (no statistics)
    // was planned as a nested loop, 400 million comparisons here (the demo data took minutes).
    const db = t.database.db;
    await db.execute(
      sql`INSERT INTO sales_order (order_no, client_id, total_amount, discount_amount, pay_amount, status, pay_time, sales_user_id, created_at)
          SELECT 'LSB' || g, ${clientId}, 100, 0, 100, 'PAID', ${at(3)}::timestamptz - g * interval '1 minute', ${user.id}, ${at(3)}
          FROM generate_series(1, 20000) g`,
    );
    const timed = async (text: ReturnType<typeof sql>) => {
      const t0 = performance.now();
      await db.execute(text);
      return performance.now() - t0;
    };
    const bulk = (n: number) => sql`UPDATE sales_order SET remark = ${`r${n}`} WHERE order_no LIKE 'LSB%'`;
    const without: number[] = [];
    const withTriggers: number[] = [];
    for (let i = 0; i < 2; i++) {
      await db.execute(sql`ALTER TABLE sales_order DISABLE TRIGGER USER`);
      without.push(await timed(bulk(i * 2)));
      await db.execute(sql`ALTER TABLE sales_order ENABLE TRIGGER USER`);
      withTriggers.push(await timed(bulk(i * 2 + 1)));
    }
    console.log(
      `bulk update of 20,000 orders: ${without.map(Math.round)} ms without the triggers, ${withTriggers.map(Math.round)} ms with`,
    );
    // Generous: the set operations cost about as much as the update itself; the join cost ~1,000x.
    expect(Math.min(...withTriggers)).toBeLessThan(5 * Math.min(...without) + 500);
    const touches = async () =>
      (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM stat_live_touch`))[0]?.n ?? 0;
    const before = await touches();
    await db.execute(
      sql`UPDATE sales_order SET pay_amount = 99, discount_amount = 1 WHERE order_no LIKE 'LSB%'`,
    );
    // One touch: from the earliest payment changed on.
    expect((await touches()) - before).toBe(1);
  });
});
