import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { creditPaidOrderHours } from '../../src/modules/teaching/hours';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';

/**
 * Teaching delivery (docs/teaching.md): hours on SKUs credited by paid orders, lessons and their
 * clashes, weekly series, roll call with one debit per (lesson, student), reversals, manual grants,
 * roles and data scope.
 */
let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let voucher: string;
let spuId: number;
let hoursSku: number;
let classA: number;
let classB: number;
let teacher1: number;
let teacher2: number;
let mine: { memberId: number; orderId: number };
let theirs: { memberId: number; orderId: number };

const H = 10;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  teacher1 = await userId(t, 'zhongtai1');
  teacher2 = await userId(t, 'admin');
  const { leafId } = await makeLeafCategory(t, admin);
  voucher = await uploadImage(t, admin);
  const draft = await t.call('POST', '/api/v1/products', {
    token: admin,
    body: productBody(leafId, voucher),
  });
  spuId = draft.body.data.id;
  const mk = async (code: string) => {
    const res = await t.call('POST', '/api/v1/course/classes', {
      token: zhongtai,
      body: { name: `课时班 ${code}`, code, spuId, capacity: 0, startDate: '2027-03-01' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };
  classA = await mk('HRS-A');
  classB = await mk('HRS-B');
  const body = productBody(leafId, voucher) as { skus: Record<string, unknown>[] };
  const upd = await t.call('PUT', `/api/v1/products/${spuId}`, {
    token: admin,
    body: {
      ...body,
      version: draft.body.data.version,
      skus: draft.body.data.skus.map((k: Record<string, unknown>, i: number) => ({
        ...(body.skus[i] as object),
        id: k.id,
        ...(i === 0 ? { classId: classA, lessonHours: H } : {}),
      })),
    },
  });
  expect(upd.status, JSON.stringify(upd.body)).toBe(200);
  expect(upd.body.data.skus[0].lessonHours).toBe(H);
  expect(upd.body.data.skus[1].lessonHours).toBeNull();
  hoursSku = upd.body.data.skus[0].id;
  await t.call('POST', `/api/v1/products/${spuId}/on-sale`, { token: admin });
  const buy = async (clientId: number) => {
    const o = await t.call('POST', '/api/v1/orders', {
      token: admin,
      body: {
        idempotencyKey: randomUUID(),
        clientId,
        items: [{ skuId: hoursSku, qty: 1 }],
        payAmount: 99900,
      },
    });
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    const paid = await t.call('POST', `/api/v1/orders/${o.body.data.id}/confirm-payment`, {
      token: admin,
      body: {
        payMethod: 'BANK_TRANSFER',
        paidAt: new Date(t.clock.now().getTime() - 60_000).toISOString(),
        voucherUrls: [voucher],
        version: o.body.data.version,
      },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [m] = await queryRows<{ member_user_id: number }>(
      t.database.db,
      sql`SELECT member_user_id FROM sales_order WHERE id = ${o.body.data.id}`,
    );
    return { memberId: Number(m?.member_user_id), orderId: Number(o.body.data.id) };
  };
  mine = await buy(await makeClient(t, '张小课', '13800138501', await userId(t, 'siyu1')));
  theirs = await buy(await makeClient(t, '李小课', '13900139501', await userId(t, 'admin')));
});
afterAll(async () => t.close());

const balanceOf = async (memberId: number) =>
  (
    await t.call('GET', `/api/v1/teaching/hours/balances?memberId=${memberId}`, { token: admin })
  ).body.data.items.find((b: { spuId: number }) => b.spuId === spuId)?.balance as number | undefined;
/** The balance equals the ledger's sum, and each row's before/after chain. */
const ledgerAgrees = async (memberId: number) => {
  const rows = await queryRows<{ delta: number; balance_before: number; balance_after: number }>(
    t.database.db,
    sql`SELECT delta, balance_before, balance_after FROM hour_ledger
        WHERE member_user_id = ${memberId} AND spu_id = ${spuId} ORDER BY id`,
  );
  let running = 0;
  for (const r of rows) {
    expect(r.balance_before).toBe(running);
    running += r.delta;
    expect(r.balance_after).toBe(running);
  }
  expect(await balanceOf(memberId)).toBe(running);
  return running;
};
const lesson = (over: Record<string, unknown> = {}, token = zhongtai) =>
  t.call('POST', '/api/v1/teaching/lessons', {
    token,
    body: {
      classId: classA,
      date: '2027-03-01',
      startTime: '18:00',
      endTime: '19:00',
      teacherId: teacher1,
      ...over,
    },
  });
const mark = (lessonId: number, marks: { memberId: number; status: string }[], token = zhongtai) =>
  t.call('POST', `/api/v1/teaching/lessons/${lessonId}/roll-call`, { token, body: { marks } });
const debits = async (lessonId: number, memberId: number) => {
  const rows = await queryRows<{ kind: string; n: number }>(
    t.database.db,
    sql`SELECT kind, count(*)::int AS n FROM hour_ledger WHERE lesson_id = ${lessonId} AND member_user_id = ${memberId} GROUP BY kind`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
};

describe('course hours from orders and grants', () => {
  it('a paid order of an hours SKU credits its hours once, in the ledger', async () => {
    expect(await balanceOf(mine.memberId)).toBe(H);
    expect(await ledgerAgrees(theirs.memberId)).toBe(H);
    // The same credit again (a retried payment hook) changes nothing.
    const again = await t.database.db.transaction((tx) =>
      creditPaidOrderHours(tx, mine.orderId, mine.memberId, null, new Date()),
    );
    expect(again).toBe(0);
    expect(await ledgerAgrees(mine.memberId)).toBe(H);
    const ledger = await t.call('GET', `/api/v1/teaching/hours/ledger?memberId=${mine.memberId}`, {
      token: admin,
    });
    expect(ledger.body.data.items).toHaveLength(1);
    expect(ledger.body.data.items[0]).toMatchObject({ kind: 'ORDER', delta: H, orderId: mine.orderId });
  });

  it('a manual grant needs a reason and admin, never goes below zero, and is audited', async () => {
    const body = { memberId: mine.memberId, spuId, kind: 'GIFT', hours: 2, reason: '' };
    const noReason = await t.call('POST', '/api/v1/teaching/hours/grant', { token: admin, body });
    expect(noReason.status).toBe(400);
    const byZt = await t.call('POST', '/api/v1/teaching/hours/grant', {
      token: zhongtai,
      body: { ...body, reason: '活动赠送' },
    });
    expect(byZt.status).toBe(403);
    const ok = await t.call('POST', '/api/v1/teaching/hours/grant', {
      token: admin,
      body: { ...body, reason: '活动赠送' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.balance).toBe(H + 2);
    const tooMuch = await t.call('POST', '/api/v1/teaching/hours/grant', {
      token: admin,
      body: { ...body, kind: 'MANUAL', hours: -100, reason: '更正' },
    });
    expect(tooMuch.status).toBe(400);
    const back = await t.call('POST', '/api/v1/teaching/hours/grant', {
      token: admin,
      body: { ...body, kind: 'MANUAL', hours: -2, reason: '更正' },
    });
    expect(back.body.data.balance).toBe(H);
    const [a] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'teaching.hours.grant' AND target_id = ${String(mine.memberId)}`,
    );
    expect(a?.n).toBe(2);
    expect(await ledgerAgrees(mine.memberId)).toBe(H);
  });
});

describe('timetable', () => {
  let first: { id: number; version: number };
  let roomId: number;

  it('creates a lesson and refuses clashes of teacher, room and class, naming the other lesson', async () => {
    const room = await t.call('POST', '/api/v1/teaching/rooms', {
      token: zhongtai,
      body: { name: '101 教室' },
    });
    expect(room.status, JSON.stringify(room.body)).toBe(200);
    roomId = room.body.data.id;
    const res = await lesson({ roomId, topic: '分数' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      startTime: '18:00',
      endTime: '19:00',
      hours: 1,
      status: 'SCHEDULED',
    });
    expect(res.body.data.startsAt).toBe('2027-03-01T10:00:00.000Z');
    first = res.body.data;
    const label = '课时班 HRS-A 2027-03-01 18:00-19:00';
    // Same teacher, another class, overlapping.
    const t1 = await lesson({ classId: classB, startTime: '18:30', endTime: '19:30' });
    expect(t1.status).toBe(409);
    expect(t1.body.msg).toContain(label);
    // Same room, another teacher and class.
    const r1 = await lesson({
      classId: classB,
      teacherId: teacher2,
      roomId,
      startTime: '18:59',
      endTime: '20:00',
    });
    expect(r1.status).toBe(409);
    expect(r1.body.msg).toContain('101 教室');
    expect(r1.body.msg).toContain(label);
    // Same class, other teacher, no room.
    const c1 = await lesson({ teacherId: teacher2, startTime: '17:30', endTime: '18:30' });
    expect(c1.status).toBe(409);
    expect(c1.body.msg).toContain(label);
    // Online never clashes on room; back-to-back is no clash.
    const online = await lesson({
      classId: classB,
      teacherId: teacher2,
      roomId,
      online: true,
      startTime: '18:00',
    });
    expect(online.status, JSON.stringify(online.body)).toBe(200);
    expect(online.body.data.roomId).toBeNull();
    const next = await lesson({ roomId, startTime: '19:00', endTime: '20:00' });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    // Moving into a clash is refused too; times must be in order.
    const move = await t.call('PUT', `/api/v1/teaching/lessons/${next.body.data.id}`, {
      token: zhongtai,
      body: {
        date: '2027-03-01',
        startTime: '18:30',
        endTime: '19:30',
        teacherId: teacher1,
        roomId,
        version: 1,
      },
    });
    expect(move.status).toBe(409);
    const bad = await lesson({ startTime: '20:00', endTime: '19:00' });
    expect(bad.status).toBe(400);
    const [audits] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'teaching.lesson.create'`,
    );
    expect(audits?.n).toBe(3);
  });

  it('moves and cancels a lesson; a cancelled lesson frees its slot', async () => {
    const moved = await t.call('PUT', `/api/v1/teaching/lessons/${first.id}`, {
      token: zhongtai,
      body: {
        date: '2027-03-02',
        startTime: '08:00',
        endTime: '09:30',
        teacherId: teacher1,
        roomId,
        hours: 2,
        version: first.version,
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ date: '2027-03-02', startTime: '08:00', hours: 2 });
    const stale = await t.call('PUT', `/api/v1/teaching/lessons/${first.id}`, {
      token: zhongtai,
      body: { date: '2027-03-02', startTime: '08:00', endTime: '09:30', version: first.version },
    });
    expect(stale.status).toBe(409);
    const cancelled = await t.call('POST', `/api/v1/teaching/lessons/${first.id}/cancel`, {
      token: zhongtai,
      body: { reason: '老师请假', version: moved.body.data.version },
    });
    expect(cancelled.body.data.status).toBe('CANCELLED');
    const again = await lesson({ date: '2027-03-02', startTime: '08:00', endTime: '09:00', roomId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('schedules a weekly series, skipping days, and refuses a clashing one whole', async () => {
    const series = await t.call('POST', '/api/v1/teaching/lessons/series', {
      token: zhongtai,
      body: {
        classId: classB,
        fromDate: '2027-04-01',
        toDate: '2027-06-30',
        weekdays: [1, 3],
        startTime: '19:00',
        endTime: '20:30',
        skipDates: ['2027-04-05'],
        count: 6,
        teacherId: teacher2,
        hours: 2,
      },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body.data.items.map((l: { date: string }) => l.date)).toEqual([
      '2027-04-07',
      '2027-04-12',
      '2027-04-14',
      '2027-04-19',
      '2027-04-21',
      '2027-04-26',
    ]);
    const list = await t.call(
      'GET',
      `/api/v1/teaching/lessons?classId=${classB}&from=2027-04-10&to=2027-04-20&teacherId=${teacher2}`,
      { token: chakan },
    );
    expect(list.body.data.items.map((l: { date: string }) => l.date)).toEqual([
      '2027-04-12',
      '2027-04-14',
      '2027-04-19',
    ]);
    const clash = await t.call('POST', '/api/v1/teaching/lessons/series', {
      token: zhongtai,
      body: {
        classId: classA,
        fromDate: '2027-04-01',
        toDate: '2027-04-30',
        weekdays: [3],
        startTime: '20:00',
        endTime: '21:00',
        teacherId: teacher2,
      },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toContain('课时班 HRS-B 2027-04-07 19:00-20:30');
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM lesson WHERE class_id = ${classA} AND lesson_date >= '2027-04-01'`,
    );
    expect(n?.n).toBe(0);
  });

  it('chakan and siyu read the timetable but cannot write it', async () => {
    expect((await lesson({ date: '2027-05-01' }, chakan)).status).toBe(403);
    expect((await lesson({ date: '2027-05-01' }, siyu)).status).toBe(403);
    expect((await t.call('GET', '/api/v1/teaching/lessons', { token: siyu })).status).toBe(200);
    expect(
      (await t.call('POST', '/api/v1/teaching/rooms', { token: chakan, body: { name: 'x' } })).status,
    ).toBe(403);
  });
});

describe('roll call', () => {
  let lessonId: number;

  beforeAll(async () => {
    const res = await lesson({ date: '2027-05-10', startTime: '10:00', endTime: '11:00', hours: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    lessonId = res.body.data.id;
  });

  it('lists the expected students; siyu sees only own clients; chakan and siyu cannot mark', async () => {
    const sheet = await t.call('GET', `/api/v1/teaching/lessons/${lessonId}/roll-call`, { token: zhongtai });
    expect(sheet.body.data.items.map((s: { memberId: number }) => s.memberId).sort()).toEqual(
      [mine.memberId, theirs.memberId].sort(),
    );
    expect(sheet.body.data.items[0].mobile).toMatch(/\*\*\*\*/);
    const own = await t.call('GET', `/api/v1/teaching/lessons/${lessonId}/roll-call`, { token: siyu });
    expect(own.body.data.items.map((s: { memberId: number }) => s.memberId)).toEqual([mine.memberId]);
    const other = await t.call('GET', `/api/v1/teaching/hours/ledger?memberId=${theirs.memberId}`, {
      token: siyu,
    });
    expect(other.status).toBe(404);
    const ownLedger = await t.call('GET', `/api/v1/teaching/hours/ledger?memberId=${mine.memberId}`, {
      token: siyu,
    });
    expect(ownLedger.status).toBe(200);
    expect((await mark(lessonId, [{ memberId: mine.memberId, status: 'PRESENT' }], chakan)).status).toBe(403);
    expect((await mark(lessonId, [{ memberId: mine.memberId, status: 'PRESENT' }], siyu)).status).toBe(403);
  });

  it('present debits once, leave reverses, present again debits again; absent does not by default', async () => {
    const before = (await balanceOf(mine.memberId)) ?? 0;
    const r1 = await mark(lessonId, [
      { memberId: mine.memberId, status: 'PRESENT' },
      { memberId: theirs.memberId, status: 'ABSENT' },
    ]);
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    expect(r1.body.data.marked).toBe(2);
    expect(await balanceOf(mine.memberId)).toBe(before - 1);
    expect(await balanceOf(theirs.memberId)).toBe(H);
    // The same mark again (a double click) changes nothing.
    const r2 = await mark(lessonId, [{ memberId: mine.memberId, status: 'LATE' }]);
    expect(r2.body.data.marked).toBe(1);
    expect(await balanceOf(mine.memberId)).toBe(before - 1);
    await mark(lessonId, [{ memberId: mine.memberId, status: 'LEAVE' }]);
    expect(await balanceOf(mine.memberId)).toBe(before);
    await mark(lessonId, [{ memberId: mine.memberId, status: 'PRESENT' }]);
    expect(await balanceOf(mine.memberId)).toBe(before - 1);
    expect(await debits(lessonId, mine.memberId)).toEqual({ ROLLCALL: 2, REVERSAL: 1 });
    await ledgerAgrees(mine.memberId);
    const sheet = await t.call('GET', `/api/v1/teaching/lessons/${lessonId}/roll-call`, { token: chakan });
    const row = sheet.body.data.items.find((s: { memberId: number }) => s.memberId === mine.memberId);
    expect(row).toMatchObject({
      status: 'PRESENT',
      debited: 1,
      balance: before - 1,
      markedByName: expect.any(String),
    });
    expect(sheet.body.data.lesson.status).toBe('COMPLETED');
    // A lesson with charged students cannot be cancelled.
    const cancel = await t.call('POST', `/api/v1/teaching/lessons/${lessonId}/cancel`, {
      token: zhongtai,
      body: { reason: 'x', version: sheet.body.data.lesson.version },
    });
    expect(cancel.status).toBe(409);
  });

  it('absent debits when the class says so; a student outside the class is refused', async () => {
    const s = await t.call('GET', `/api/v1/teaching/classes/${classA}/settings`, { token: zhongtai });
    const put = await t.call('PUT', `/api/v1/teaching/classes/${classA}/settings`, {
      token: zhongtai,
      body: { absentDeducts: true, allowOwing: false, version: s.body.data.version || null },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const l2 = await lesson({ date: '2027-05-11', startTime: '10:00', endTime: '11:00' });
    const r = await mark(l2.body.data.id, [
      { memberId: theirs.memberId, status: 'ABSENT' },
      { memberId: 999999, status: 'PRESENT' },
    ]);
    expect(r.body.data.marked).toBe(1);
    expect(r.body.data.refused).toHaveLength(1);
    expect(await balanceOf(theirs.memberId)).toBe(H - 1);
  });

  it('never below zero unless the class allows owing', async () => {
    const l3 = await lesson({ date: '2027-05-12', startTime: '10:00', endTime: '11:00', hours: 20 });
    const refused = await mark(l3.body.data.id, [{ memberId: theirs.memberId, status: 'PRESENT' }]);
    expect(refused.body.data.marked).toBe(0);
    expect(refused.body.data.refused[0].message).toContain('课时不足');
    expect(await balanceOf(theirs.memberId)).toBe(H - 1);
    const s = await t.call('GET', `/api/v1/teaching/classes/${classA}/settings`, { token: zhongtai });
    await t.call('PUT', `/api/v1/teaching/classes/${classA}/settings`, {
      token: zhongtai,
      body: { absentDeducts: true, allowOwing: true, version: s.body.data.version },
    });
    const owing = await mark(l3.body.data.id, [{ memberId: theirs.memberId, status: 'PRESENT' }]);
    expect(owing.body.data.marked).toBe(1);
    expect(await balanceOf(theirs.memberId)).toBe(H - 21);
    await ledgerAgrees(theirs.memberId);
  });

  it('one debit per lesson and student under concurrent marking', async () => {
    const l4 = await lesson({ date: '2027-05-13', startTime: '10:00', endTime: '11:00' });
    const id = l4.body.data.id;
    const before = (await balanceOf(mine.memberId)) ?? 0;
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        mark(id, [{ memberId: mine.memberId, status: i % 2 ? 'PRESENT' : 'LATE' }], i % 2 ? zhongtai : admin),
      ),
    );
    for (const r of all) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await debits(id, mine.memberId)).toEqual({ ROLLCALL: 1 });
    expect(await balanceOf(mine.memberId)).toBe(before - 1);
    // Mixed concurrent marks end in a state the ledger agrees with.
    await Promise.all(
      ['LEAVE', 'PRESENT', 'ABSENT', 'LATE', 'LEAVE', 'PRESENT'].map((status, i) =>
        mark(id, [{ memberId: mine.memberId, status }], i % 2 ? zhongtai : admin),
      ),
    );
    const [rc] = await queryRows<{ status: string; debited: number }>(
      t.database.db,
      sql`SELECT status, debited FROM roll_call WHERE lesson_id = ${id} AND member_user_id = ${mine.memberId}`,
    );
    const d = await debits(id, mine.memberId);
    expect((d.ROLLCALL ?? 0) - (d.REVERSAL ?? 0)).toBe(rc?.debited);
    // Class A charges absent students too (set above); leave is never charged.
    expect(rc?.debited).toBe(rc?.status === 'LEAVE' ? 0 : 1);
    await ledgerAgrees(mine.memberId);
  });

  it('a full refund takes the unused hours back', async () => {
    const left = (await balanceOf(mine.memberId)) ?? 0;
    expect(left).toBeGreaterThan(0);
    const res = await t.call('POST', `/api/v1/orders/${mine.orderId}/refunds`, {
      token: admin,
      body: { amount: 99900, reason: '退课' },
    });
    const rid = res.body.data.refunds.at(-1).id;
    await t.call('POST', `/api/v1/refunds/${rid}/approve`, { token: admin, body: {} });
    const done = await t.call('POST', `/api/v1/refunds/${rid}/complete`, { token: admin, body: {} });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await balanceOf(mine.memberId)).toBe(0);
    const ledger = await t.call('GET', `/api/v1/teaching/hours/ledger?memberId=${mine.memberId}`, {
      token: admin,
    });
    expect(ledger.body.data.items[0]).toMatchObject({ kind: 'REFUND', delta: -left });
    await ledgerAgrees(mine.memberId);
  });
});
