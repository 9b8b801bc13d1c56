import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { createNumber } from '../support/calls';

// call_number_day (a number's calls and answered calls per Shanghai day) is kept by statement
// triggers on call_record; the number list's 7-day counts read it (bench:calls).
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = new Date('2026-11-05T02:00:00Z'); // 10:00 in Shanghai
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

/** The rollup rows of `numbers` and the same figures counted from call_record. */
const both = async (numbers: number[]) => {
  const ids = sql.join(
    numbers.map((n) => sql`${n}`),
    sql`, `,
  );
  const [kept, counted] = await Promise.all([
    queryRows<{ number_id: number; day: string; calls: number; answered: number }>(
      t.database.db,
      sql`SELECT number_id::int AS number_id, to_char(day, 'YYYY-MM-DD') AS day, calls, answered FROM call_number_day
          WHERE number_id IN (${ids}) AND (calls <> 0 OR answered <> 0) ORDER BY 1, 2`,
    ),
    queryRows<{ number_id: number; day: string; calls: number; answered: number }>(
      t.database.db,
      sql`SELECT number_id::int AS number_id, to_char((started_at AT TIME ZONE 'Asia/Shanghai')::date, 'YYYY-MM-DD') AS day,
                 count(*)::int AS calls, count(answered_at)::int AS answered
          FROM call_record WHERE number_id IN (${ids}) GROUP BY 1, 2 ORDER BY 1, 2`,
    ),
  ]);
  return { kept, counted };
};

const insertCall = async (numberId: number, startedAt: string, answeredAt: string | null) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO call_record (provider, number_id, status, started_at, answered_at)
        VALUES ('sandbox', ${numberId}, 'ENDED', ${startedAt}::timestamptz, ${answeredAt}::timestamptz) RETURNING id`,
  );
  return Number(row?.id);
};

describe('call_number_day', () => {
  it('follows inserts, answers, moves and deletes of call records, by Shanghai day', async () => {
    const n1 = (await createNumber(t, admin)).id;
    const n2 = (await createNumber(t, admin)).id;
    // 2026-11-04 15:59 UTC is 23:59 on the 4th in Shanghai; 16:00 UTC is already the 5th.
    const c1 = await insertCall(n1, '2026-11-04T15:59:00Z', null);
    const c2 = await insertCall(n1, '2026-11-04T16:00:00Z', '2026-11-04T16:00:10Z');
    const c3 = await insertCall(n1, '2026-10-20T02:00:00Z', null);
    let s = await both([n1, n2]);
    expect(s.kept).toEqual([
      { number_id: n1, day: '2026-10-20', calls: 1, answered: 0 },
      { number_id: n1, day: '2026-11-04', calls: 1, answered: 0 },
      { number_id: n1, day: '2026-11-05', calls: 1, answered: 1 },
    ]);
    expect(s.kept).toEqual(s.counted);

    // a receipt answers c1; a status-only update changes nothing; c3 moves to n2; c2 is deleted
    await t.database.db.execute(sql`UPDATE call_record SET answered_at = started_at WHERE id = ${c1}`);
    await t.database.db.execute(sql`UPDATE call_record SET status_code = 'OK' WHERE id IN (${c1}, ${c2})`);
    await t.database.db.execute(sql`UPDATE call_record SET number_id = ${n2} WHERE id = ${c3}`);
    await t.database.db.execute(sql`DELETE FROM call_record WHERE id = ${c2}`);
    s = await both([n1, n2]);
    expect(s.kept).toEqual([
      { number_id: n1, day: '2026-11-04', calls: 1, answered: 1 },
      { number_id: n2, day: '2026-10-20', calls: 1, answered: 0 },
    ]);
    expect(s.kept).toEqual(s.counted);

    // the number list: today and the 6 days before (Shanghai) from the rollup
    const row = await t.call('GET', `/api/v1/call/numbers/${n1}`, { token: admin });
    expect(row.body.data).toMatchObject({ calls7d: 1, connectRate7d: 1 });
    const other = await t.call('GET', `/api/v1/call/numbers/${n2}`, { token: admin });
    expect(other.body.data).toMatchObject({ calls7d: 0, connectRate7d: null });
  });
});
