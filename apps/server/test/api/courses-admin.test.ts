import { classRow, classStudentRow, courseUserRow, memberRow } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { runCourseExpiry } from '../../src/modules/courses/jobs';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';
import { expectListShape } from '../support/shape';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
let spuId: number;
let classId: number;
let siyuId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  const cover = await uploadImage(t, admin);
  spuId = (await t.call('POST', '/api/v1/products', { token: admin, body: productBody(leafId, cover) })).body
    .data.id;
  siyuId = await userId(t, 'siyu1');
});
afterAll(async () => t.close());

describe('members', () => {
  let memberId: number;
  it('admin creates a member (normalised mobile, linked to the client with it); duplicates refused', async () => {
    const clientId = await makeClient(t, '张三家长', '13600136000', siyuId);
    const res = await t.call('POST', '/api/v1/members', {
      token: admin,
      body: { mobile: '+86 136-0013-6000', nickname: '小张' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      mobile: '136****6000',
      nickname: '小张',
      clientId,
      source: 'ADMIN',
    });
    memberId = res.body.data.id;
    const dup = await t.call('POST', '/api/v1/members', { token: admin, body: { mobile: '13600136000' } });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields.mobile).toBeTruthy();
    const bad = await t.call('POST', '/api/v1/members', { token: admin, body: { mobile: '12345' } });
    expect(bad.status).toBe(400);
    for (const token of [siyu, chakan, zhongtai])
      expect(
        (await t.call('POST', '/api/v1/members', { token, body: { mobile: '13600136001' } })).status,
      ).toBe(403);
  });

  it('searches by full mobile, last four digits and nickname; every role reads masked phones', async () => {
    for (const [q, n] of [
      ['13600136000', 1],
      ['6000', 1],
      ['小张', 1],
      ['9999', 0],
    ] as const) {
      const res = await t.call('GET', `/api/v1/members?keyword=${encodeURIComponent(q)}`, { token: chakan });
      expect(res.body.data.items, q).toHaveLength(n);
    }
    for (const token of [admin, siyu, zhongtai]) {
      const res = await t.call('GET', `/api/v1/members?keyword=6000`, { token });
      expect(res.body.data.items[0].mobile).toBe('136****6000');
    }
    for (const sort of ['lastLoginAt,-totalPaid', '-orderCount', 'registeredAt'])
      expect(
        (await t.call('GET', `/api/v1/members?sort=${sort}`, { token: admin })).body.data.total,
      ).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/v1/members?sort=mobile', { token: admin })).status).toBe(400);
    const filtered = await t.call('GET', '/api/v1/members?hasPaid=true&status=ENABLED', { token: admin });
    expect(filtered.body.data.items).toHaveLength(0);
  });

  it('reveals the full number only to member.phone.view, audited', async () => {
    const res = await t.call('POST', `/api/v1/members/${memberId}/reveal-phone`, { token: admin });
    expect(res.body.data.mobile).toBe('13600136000');
    expect((await t.call('POST', `/api/v1/members/${memberId}/reveal-phone`, { token: chakan })).status).toBe(
      403,
    );
    const [a] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'member.phone.view' AND target_id = ${String(memberId)}`,
    );
    expect(a?.n).toBe(1);
  });

  it('disables and enables with versions; links to a free client only', async () => {
    const d = await t.call('GET', `/api/v1/members/${memberId}`, { token: siyu });
    expect(d.body.data).toMatchObject({ orders: [], entitlements: [], classes: [], attendance: [] });
    const off = await t.call('POST', `/api/v1/members/${memberId}/status`, {
      token: admin,
      body: { status: 'DISABLED', version: d.body.data.version },
    });
    expect(off.body.data.status).toBe('DISABLED');
    const stale = await t.call('POST', `/api/v1/members/${memberId}/status`, {
      token: admin,
      body: { status: 'ENABLED', version: d.body.data.version },
    });
    expect(stale.status).toBe(409);
    const other = await t.call('POST', '/api/v1/members', { token: admin, body: { mobile: '13600136002' } });
    const taken = await t.call('POST', `/api/v1/members/${other.body.data.id}/link-client`, {
      token: admin,
      body: { clientId: d.body.data.clientId, version: other.body.data.version },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.data.fields.clientId).toBeTruthy();
    const free = await makeClient(t, '另一个', '13600136003', siyuId);
    const linked = await t.call('POST', `/api/v1/members/${other.body.data.id}/link-client`, {
      token: admin,
      body: { clientId: free, version: other.body.data.version },
    });
    expect(linked.body.data.clientId).toBe(free);
  });

  it('imports rows with a result per row; exports for admin only', async () => {
    const res = await t.call('POST', '/api/v1/members/import', {
      token: admin,
      body: { rows: [{ mobile: '13500135000' }, { mobile: '13600136000' }, { mobile: 'abc' }] },
    });
    expect(res.body.data).toMatchObject({ succeeded: 1, failed: 2 });
    expect(res.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, false, false]);
    expect(res.body.data.results[1].msg).toContain('会员');
    const exp = await t.app.inject({
      method: 'GET',
      url: '/api/v1/members/export',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    expect((await t.call('GET', '/api/v1/members/export', { token: chakan })).status).toBe(403);
  });
});

describe('classes', () => {
  it('zhongtai creates; codes unique; dates ordered; siyu and chakan read only', async () => {
    const body = {
      name: '寒假数学 1 期',
      code: 'WINTER-1',
      spuId,
      capacity: 30,
      startDate: '2027-01-10',
      endDate: '2027-02-10',
    };
    const res = await t.call('POST', '/api/v1/course/classes', { token: zhongtai, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'DRAFT', studentCount: 0, overCapacity: false, spuId });
    classId = res.body.data.id;
    const dup = await t.call('POST', '/api/v1/course/classes', { token: admin, body });
    expect(dup.body.data.fields.code).toBeTruthy();
    const dates = await t.call('POST', '/api/v1/course/classes', {
      token: admin,
      body: { ...body, code: 'W-2', startDate: '2027-02-10', endDate: '2027-01-10' },
    });
    expect(dates.body.data.fields.endDate).toBeTruthy();
    const unknown = await t.call('POST', '/api/v1/course/classes', {
      token: admin,
      body: { ...body, code: 'W-3', headTeacherId: 999999 },
    });
    expect(unknown.body.data.fields.headTeacherId).toBeTruthy();
    for (const token of [siyu, chakan])
      expect(
        (await t.call('POST', '/api/v1/course/classes', { token, body: { ...body, code: 'W-4' } })).status,
      ).toBe(403);
    expect(
      (await t.call('GET', '/api/v1/course/classes?keyword=WINTER', { token: siyu })).body.data.total,
    ).toBe(1);
  });

  it('moves status along the allowed transitions only; bulk answers per id', async () => {
    const bad = await t.call('POST', `/api/v1/course/classes/${classId}/status`, {
      token: zhongtai,
      body: { status: 'FINISHED', version: 1 },
    });
    expect(bad.status).toBe(409);
    const good = await t.call('POST', `/api/v1/course/classes/${classId}/status`, {
      token: zhongtai,
      body: { status: 'ENROLLING', version: 1 },
    });
    expect(good.body.data.status).toBe('ENROLLING');
    const bulk = await t.call('POST', '/api/v1/course/classes/bulk-status', {
      token: admin,
      body: { ids: [classId, 999999], status: 'IN_PROGRESS' },
    });
    expect(bulk.body.data).toMatchObject({ succeeded: 1, failed: 1 });
    const list = await t.call('GET', '/api/v1/course/classes?status=IN_PROGRESS,ENROLLING', {
      token: chakan,
    });
    expect(list.body.data.items.map((c: { id: number }) => c.id)).toEqual([classId]);
  });

  it('copies a class into a new draft; edits with versions', async () => {
    const copy = await t.call('POST', `/api/v1/course/classes/${classId}/copy`, {
      token: zhongtai,
      body: { code: 'WINTER-2' },
    });
    expect(copy.body.data).toMatchObject({
      status: 'DRAFT',
      name: '寒假数学 1 期（副本）',
      capacity: 30,
      spuId,
    });
    const cur = (await t.call('GET', `/api/v1/course/classes/${classId}`, { token: admin })).body.data;
    const put = (version: number) =>
      t.call('PUT', `/api/v1/course/classes/${classId}`, {
        token: admin,
        body: { name: '寒假数学 A 班', code: 'WINTER-1', spuId, capacity: 2, version },
      });
    expect((await put(cur.version)).status).toBe(200);
    expect((await put(cur.version)).status).toBe(409);
    const del = await t.call('DELETE', `/api/v1/course/classes/${copy.body.data.id}`, { token: admin });
    expect(del.status).toBe(200);
  });
});

describe('class students and course users', () => {
  let studentId: number;
  let userRow: { id: number; version: number };
  it('adds by mobile (member created, client linked); siyu only own clients; import answers per row', async () => {
    await makeClient(t, '学员家长', '13300133000', siyuId);
    await makeClient(t, '别人的', '13300133001', await userId(t, 'admin'));
    const add = await t.call('POST', '/api/v1/course/students', {
      token: siyu,
      body: { classId, mobile: '13300133000' },
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.data).toMatchObject({ joinType: 'MANUAL', status: 'NORMAL', mobile: '133****3000' });
    studentId = add.body.data.id;
    const foreign = await t.call('POST', '/api/v1/course/students', {
      token: siyu,
      body: { classId, mobile: '13300133001' },
    });
    expect(foreign.status).toBe(403);
    expect(
      (
        await t.call('POST', '/api/v1/course/students', {
          token: chakan,
          body: { classId, mobile: '13300133000' },
        })
      ).status,
    ).toBe(403);
    const again = await t.call('POST', '/api/v1/course/students', {
      token: admin,
      body: { classId, mobile: '13300133000' },
    });
    expect(again.status).toBe(409);
    const imp = await t.call('POST', '/api/v1/course/students/import', {
      token: zhongtai,
      body: { classId, mobiles: ['13300133001', '13300133002', 'nope', '13300133000'] },
    });
    expect(imp.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, false, false]);
    const cls = (await t.call('GET', `/api/v1/course/classes/${classId}`, { token: admin })).body.data;
    expect(cls).toMatchObject({ studentCount: 3, capacity: 2, overCapacity: true });
  });

  it('extends and removes; counts follow', async () => {
    const row = (await t.call('GET', `/api/v1/course/students/${studentId}`, { token: admin })).body.data;
    const past = await t.call('POST', `/api/v1/course/students/${studentId}/extend`, {
      token: zhongtai,
      body: { until: '2020-01-01T00:00:00Z', version: row.version },
    });
    expect(past.status).toBe(400);
    const ext = await t.call('POST', `/api/v1/course/students/${studentId}/extend`, {
      token: zhongtai,
      body: { until: '2030-01-01T00:00:00.000Z', version: row.version },
    });
    expect(ext.body.data.deadline).toBe('2030-01-01T00:00:00.000Z');
    const rm = await t.call('POST', `/api/v1/course/students/${studentId}/remove`, { token: siyu, body: {} });
    expect(rm.status).toBe(200);
    expect(
      (await t.call('POST', `/api/v1/course/students/${studentId}/remove`, { token: siyu, body: {} })).status,
    ).toBe(409);
    expect(
      (await t.call('GET', `/api/v1/course/classes/${classId}`, { token: admin })).body.data.studentCount,
    ).toBe(2);
  });

  it('manual grant needs a reason and admin; one active per product; extend and revoke', async () => {
    const noReason = await t.call('POST', '/api/v1/course/users', {
      token: admin,
      body: { mobile: '13300133000', spuId, reason: '' },
    });
    expect(noReason.status).toBe(400);
    expect(
      (
        await t.call('POST', '/api/v1/course/users', {
          token: zhongtai,
          body: { mobile: '13300133000', spuId, reason: '赠送' },
        })
      ).status,
    ).toBe(403);
    const ok = await t.call('POST', '/api/v1/course/users', {
      token: admin,
      body: {
        mobile: '13300133000',
        spuId,
        reason: '活动赠课',
        expiresAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ source: 'MANUAL', status: 'ACTIVE', reason: '活动赠课' });
    userRow = ok.body.data;
    const twice = await t.call('POST', '/api/v1/course/users', {
      token: admin,
      body: { mobile: '13300133000', spuId, reason: '再送' },
    });
    expect(twice.status).toBe(409);
    // siyu sees entitlements of own clients only; chakan all
    expect((await t.call('GET', '/api/v1/course/users', { token: siyu })).body.data.total).toBe(1);
    expect((await t.call('GET', '/api/v1/course/users?mobile=3000', { token: chakan })).body.data.total).toBe(
      1,
    );
    const from = new Date(Date.now()).toISOString();
    const to = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const range = await t.call(
      'GET',
      `/api/v1/course/users?spuId=${spuId}&expiresFrom=${from}&expiresTo=${to}`,
      {
        token: admin,
      },
    );
    expect(range.body.data.total).toBe(1);
    // Totals on every page (ids first, one over the page): a short page is its own total, a full
    // page and a page past the end count.
    for (const [list, row] of [
      ['/api/v1/course/users', courseUserRow],
      ['/api/v1/course/students', classStudentRow],
      ['/api/v1/course/classes', classRow],
      ['/api/v1/members', memberRow],
    ] as const) {
      const allBody = (await t.call('GET', `${list}?pageSize=100`, { token: chakan })).body;
      expectListShape(allBody, row);
      const all = allBody.data;
      expect([all.total, all.totalExact], list).toEqual([all.items.length, true]);
      for (const page of [1, 2, all.total + 1]) {
        const one = (await t.call('GET', `${list}?pageSize=1&page=${page}`, { token: chakan })).body.data;
        expect(one.items, `${list} page ${page}`).toHaveLength(page <= all.total ? 1 : 0);
        expect([one.total, one.totalExact], `${list} page ${page}`).toEqual([all.total, true]);
        if (page <= all.total) expect(one.items[0].id).toBe(all.items[page - 1].id);
      }
    }
  });

  it('the daily job reminds the client owner once, then expires what has ended', async () => {
    const nine = new Date();
    nine.setUTCHours(2, 0, 0, 0); // 10:00 Shanghai
    const first = await runCourseExpiry(t.database.db, nine);
    expect(first).toMatchObject({ reminded: 1, expiredEntitlements: 0 });
    expect((await runCourseExpiry(t.database.db, nine)).reminded).toBe(0);
    const notes = await t.call('GET', '/api/v1/notifications?unreadOnly=true', { token: siyu });
    expect(JSON.stringify(notes.body.data)).toContain('COURSE_EXPIRE_SOON');
    const later = new Date(Date.now() + 4 * 86_400_000);
    const run = await runCourseExpiry(t.database.db, later);
    expect(run.expiredEntitlements).toBe(1);
    expect(run.expiredStudents).toBe(0);
    const cu = (await t.call('GET', `/api/v1/course/users/${userRow.id}`, { token: admin })).body.data;
    expect(cu.status).toBe('EXPIRED');
    const ext = await t.call('POST', `/api/v1/course/users/${userRow.id}/extend`, {
      token: admin,
      body: { until: null, version: cu.version },
    });
    expect(ext.body.data).toMatchObject({ status: 'ACTIVE', expiresAt: null });
    const rev = await t.call('POST', `/api/v1/course/users/${userRow.id}/revoke`, {
      token: admin,
      body: { reason: '违规', version: ext.body.data.version },
    });
    expect(rev.body.data.status).toBe('REVOKED');
    expect((await t.call('GET', '/api/v1/course/users/export', { token: siyu })).status).toBe(403);
    const exp = await t.app.inject({
      method: 'GET',
      url: '/api/v1/course/users/export',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(exp.statusCode).toBe(200);
  });
});
