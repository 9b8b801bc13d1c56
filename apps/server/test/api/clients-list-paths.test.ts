import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { newMobile, staff } from '../support/clients';

/**
 * The client list's read paths (clients.service list): a keyword with few matches is read through
 * its index first (a fenced subquery of narrow rows, counted by a window aggregate), "my clients"
 * with a keyword through the owner's rows; every sort order and page must come out as with the
 * plain table, and the totals exact.
 */
let t: TestApp;
let admin: string;
let sales: { id: number; token: string };
const BASE = '/api/v1/clients';
const ids = (res: { body: { data: { items: { id: number }[] } } }) => res.body.data.items.map((c) => c.id);
const made: { id: number; created: Date; lastFollow: Date | null; paid: number; owned: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  sales = await staff(t, admin, 'paths_sales');
  // 25 clients whose names share a character no demo name has (夔), spread over time, follow-ups
  // and payments; 20 owned by the sales user, the others by the admin.
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 25; i++) {
    const owned = i % 5 !== 0;
    const created = new Date(base + i * 3_600_000 * 7);
    const lastFollow = i % 3 === 0 ? null : new Date(base + ((i * 37) % 25) * 86_400_000);
    const paid = (i * 7919) % 100_000;
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO client (name, mobile, owner_user_id, owner_time, created_at, last_follow_time, total_paid)
          VALUES (${`夔${String.fromCharCode(0x4e00 + i)}`}, ${newMobile()},
                  ${owned ? sales.id : sql`(SELECT id FROM admin_user WHERE username = 'admin')`},
                  ${created}, ${created}, ${lastFollow}, ${paid})
          RETURNING id`,
    );
    made.push({ id: Number(row?.id), created, lastFollow, paid, owned });
  }
});
afterAll(async () => t.close());

const expectOrder = (sorted: typeof made, got: number[]) => expect(got).toEqual(sorted.map((c) => c.id));

describe('keyword lists', () => {
  it('read through the index keep every sort order, page and exact total', async () => {
    const byCreated = [...made].sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
    const p1 = await t.call('GET', `${BASE}?keyword=${encodeURIComponent('夔')}&pageSize=10`, {
      token: admin,
    });
    expect(p1.body.data).toMatchObject({ total: 25, totalExact: true });
    expectOrder(byCreated.slice(0, 10), ids(p1));
    const p3 = await t.call('GET', `${BASE}?keyword=${encodeURIComponent('夔')}&pageSize=10&page=3`, {
      token: admin,
    });
    expectOrder(byCreated.slice(20), ids(p3));
    expect(p3.body.data).toMatchObject({ total: 25, totalExact: true });

    const byPaid = [...made].sort((a, b) => b.paid - a.paid || b.id - a.id);
    const paid = await t.call(
      'GET',
      `${BASE}?keyword=${encodeURIComponent('夔')}&pageSize=100&sort=-totalPaid`,
      {
        token: admin,
      },
    );
    expectOrder(byPaid, ids(paid));
    // Ascending last follow-up: never followed first (NULLS FIRST), then oldest.
    const byFollow = [...made].sort(
      (a, b) =>
        (a.lastFollow ? 1 : 0) - (b.lastFollow ? 1 : 0) ||
        (a.lastFollow?.getTime() ?? 0) - (b.lastFollow?.getTime() ?? 0) ||
        a.id - b.id,
    );
    const follow = await t.call(
      'GET',
      `${BASE}?keyword=${encodeURIComponent('夔')}&pageSize=100&sort=lastFollowTime`,
      { token: admin },
    );
    expectOrder(byFollow, ids(follow));
  });

  it('"my clients" with a keyword: only the owner\'s, in order, counted exactly', async () => {
    const mine = made
      .filter((c) => c.owned)
      .sort((a, b) => b.created.getTime() - a.created.getTime() || b.id - a.id);
    const res = await t.call('GET', `${BASE}/mine?keyword=${encodeURIComponent('夔')}&pageSize=5`, {
      token: sales.token,
    });
    expect(res.body.data).toMatchObject({ total: mine.length, totalExact: true });
    expectOrder(mine.slice(0, 5), ids(res));
    const two = await t.call(
      'GET',
      `${BASE}/mine?keyword=${encodeURIComponent(`夔${String.fromCharCode(0x4e01)}`)}&pageSize=5`,
      { token: sales.token },
    );
    expect(ids(two)).toEqual([made[1]?.id]);
  });
});
