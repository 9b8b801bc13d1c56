import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/modules/data-centre/engine';
import { statsNightlyJob } from '../../src/modules/data-centre/jobs';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { seedDataCentre } from '../support/data-centre';

/**
 * /data/daily (issue 45, item 3): a department's subtotal is the sum of its rows, also when a
 * follow-up was written while its author had no department (or another one). /data/history's
 * cohorts (item 10): no share for a window that has not ended.
 */
let t: TestApp;
let admin: string;
const FROM = '2026-08-01';
const DAY = addDays(FROM, 5);
const NOW = new Date('2026-10-20T04:00:00Z');
/** The figures that add up (counts and amounts; ratios and averages do not). */
const ADDITIVE = ['M01', 'M02', 'M03', 'M05', 'M06', 'M08', 'M09', 'M11', 'M12', 'M13', 'M14', 'M15'];

interface Row {
  kind: 'user' | 'dept' | 'total';
  userId: number | null;
  deptId: number | null;
  deptName: string | null;
  metrics: Record<string, number | null>;
}

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = NOW;
  admin = await t.login('admin', ADMIN_PASSWORD);
  await seedDataCentre(t.database.db, { seed: 11, from: FROM, days: 8, clients: 120 });
  // Half the day's follow-ups were written while their author was in no department.
  await t.database.db.execute(
    sql`UPDATE follow_up SET creator_dept_id = NULL
        WHERE id % 2 = 0 AND created_by IN (SELECT id FROM admin_user WHERE department_id IS NOT NULL)
          AND created_at >= ${`${DAY}T00:00:00+08:00`}::timestamptz
          AND created_at < ${`${addDays(DAY, 1)}T00:00:00+08:00`}::timestamptz`,
  );
  // Some clients of September and of two days ago (cohorts whose windows have not all ended).
  await t.database.db.execute(
    sql`UPDATE client SET created_at = '2026-09-10T10:00:00+08:00' WHERE id IN (SELECT id FROM client WHERE deleted = false ORDER BY id LIMIT 5)`,
  );
  await t.database.db.execute(
    sql`UPDATE client SET created_at = '2026-10-18T10:00:00+08:00' WHERE id IN (SELECT id FROM client WHERE deleted = false ORDER BY id DESC LIMIT 5)`,
  );
  await statsNightlyJob.run({
    db: t.database.db,
    now: NOW,
    data: {},
    attempt: 0,
    trigger: 'MANUAL',
    signal: new AbortController().signal,
    progress: async () => {},
  });
});
afterAll(async () => {
  await t?.close();
});

describe('daily data', () => {
  it('each department subtotal equals the sum of its rows; the rows and the pool add up to the total', async () => {
    const res = await t.call('GET', `/api/v1/data/daily?date=${DAY}`, { token: admin });
    expect(res.status).toBe(200);
    const rows = res.body.data.rows as Row[];
    const subtotals = rows.filter((r) => r.kind === 'dept');
    expect(subtotals.length).toBeGreaterThan(1);
    expect(
      rows.filter((r) => r.kind === 'user').reduce((n, r) => n + (r.metrics.M03 ?? 0), 0),
    ).toBeGreaterThan(0);
    let group: Row[] = [];
    for (const r of rows) {
      if (r.kind === 'user' && r.userId !== null) {
        group.push(r);
        continue;
      }
      if (r.kind !== 'dept') continue;
      expect(group.length, `${r.deptName}`).toBeGreaterThan(0);
      for (const member of group) expect(member.deptId).toBe(r.deptId);
      for (const code of ADDITIVE) {
        const sum = group.reduce((n, m) => n + (m.metrics[code] ?? 0), 0);
        expect(r.metrics[code], `${r.deptName} ${code}`).toBe(sum);
      }
      group = [];
    }
    const total = rows.at(-1);
    expect(total?.kind).toBe('total');
    const people = rows.filter((r) => r.kind === 'user');
    for (const code of ['M03', 'M05', 'M11', 'M12', 'M13']) {
      expect(total?.metrics[code], code).toBe(people.reduce((n, m) => n + (m.metrics[code] ?? 0), 0));
    }
    // The pool's row (no owner) is the last before the total, in no department.
    const pool = rows.filter((r) => r.kind === 'user' && r.userId === null);
    expect(pool.length).toBeLessThanOrEqual(1);
    if (pool[0]) expect(rows.indexOf(pool[0])).toBe(rows.length - 2);
  });
});

describe('cohorts', () => {
  it('show a share only for the windows that have ended', async () => {
    const res = await t.call('GET', '/api/v1/data/cohort?from=2026-08-01&to=2026-10-20', { token: admin });
    expect(res.status).toBe(200);
    const rows = res.body.data.rows as {
      month: string;
      clients: number;
      d7: number | null;
      d30: number | null;
      d90: number | null;
    }[];
    const of = (month: string) => rows.find((r) => r.month === month);
    expect(rows.map((r) => r.month)).toEqual(['2026-08', '2026-09', '2026-10']);
    // Today is 2026-10-20: August's 7 and 30 days have ended (by 09-07 and 09-30), not its 90.
    expect(of('2026-08')?.d7).toEqual(expect.any(Number));
    expect(of('2026-08')?.d30).toEqual(expect.any(Number));
    expect(of('2026-08')?.d90).toBeNull();
    expect(of('2026-09')?.d7).toEqual(expect.any(Number));
    expect(of('2026-09')?.d30).toBeNull();
    expect(of('2026-10')?.clients).toBeGreaterThanOrEqual(5);
    expect(of('2026-10')).toMatchObject({ d7: null, d30: null, d90: null });
  });
});
