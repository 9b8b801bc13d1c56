import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { salesOrder } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { auditRows, createClient, rowOf, setClient } from '../support/clients';

let t: TestApp;
let admin: string;
let siyu: string;
let chakan: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
});
afterAll(async () => t.close());

const P = '/api/v1/dict/platforms';
const C = '/api/v1/dict/channels';
const G = '/api/v1/dict/grades';

describe('source platforms', () => {
  it('lists the demo platforms with filters and whitelisted sort; siyu and chakan read, only admin writes', async () => {
    const all = await t.call('GET', `${P}?pageSize=100`, { token: siyu });
    expect(all.status).toBe(200);
    expect(all.body.data.items.map((x: { name: string }) => x.name)).toEqual(
      expect.arrayContaining(['自有小程序', '抖音', '视频号小店', '小鹅通', '有赞', '线下转账']),
    );
    const offline = await t.call('GET', `${P}?type=OFFLINE`, { token: chakan });
    expect(offline.body.data.items.map((x: { code: string }) => x.code)).toEqual(['OFFLINE']);
    const byKeyword = await t.call('GET', `${P}?keyword=${encodeURIComponent('抖')}`, { token: admin });
    expect(byKeyword.body.data.items).toHaveLength(1);
    const sorted = await t.call('GET', `${P}?sort=-code&pageSize=3`, { token: admin });
    expect(sorted.body.data.items[0].code >= sorted.body.data.items[1].code).toBe(true);
    expect((await t.call('GET', `${P}?sort=remark`, { token: admin })).status).toBe(400);
    const denied = await t.call('POST', P, { token: siyu, body: { code: 'X', name: 'x', type: 'OWN' } });
    expect(denied.status).toBe(403);
    expect((await t.call('DELETE', `${P}/1`, { token: chakan })).status).toBe(403);
  });

  it('creates with unique codes and field errors, edits with a version, audits', async () => {
    const created = await t.call('POST', P, {
      token: admin,
      body: { code: 'JD', name: '京东', type: 'MARKETPLACE', syncEnabled: true, sort: 9 },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      code: 'JD',
      name: '京东',
      status: 'ENABLED',
      syncEnabled: true,
    });
    const dup = await t.call('POST', P, { token: admin, body: { code: 'JD', name: '京东2', type: 'OWN' } });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields.code).toBe('编码已存在');
    const badCode = await t.call('POST', P, { token: admin, body: { code: 'a b', name: 'x', type: 'OWN' } });
    expect(badCode.body.data.fields.code).toBeTruthy();
    const badType = await t.call('POST', P, { token: admin, body: { code: 'Y', name: 'y', type: 'SHOP' } });
    expect(badType.body.data.fields.type).toBeTruthy();
    const id = created.body.data.id;
    const body = {
      code: 'JD',
      name: '京东自营',
      type: 'MARKETPLACE',
      syncEnabled: false,
      status: 'DISABLED',
      sort: 9,
      remark: '',
    };
    const edited = await t.call('PUT', `${P}/${id}`, { token: admin, body: { ...body, version: 1 } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: '京东自营', status: 'DISABLED', version: 2 });
    const stale = await t.call('PUT', `${P}/${id}`, { token: admin, body: { ...body, version: 1 } });
    expect(stale.status).toBe(409);
    const takenOnEdit = await t.call('PUT', `${P}/${id}`, {
      token: admin,
      body: { ...body, code: 'DOUYIN', version: 2 },
    });
    expect(takenOnEdit.body.data.fields.code).toBeTruthy();
    expect((await auditRows(t, 'dict.platform.update', id)).length).toBe(1);
    // A disabled platform is not offered to client forms.
    const options = await t.call('GET', '/api/v1/dict/options', { token: siyu });
    expect(options.body.data.platforms.map((x: { code: string }) => x.code)).not.toContain('JD');
  });

  it('refuses to delete a referenced platform, saying where it is used; an unused one is deleted', async () => {
    const platforms = (await t.call('GET', `${P}?keyword=YOUZAN`, { token: admin })).body.data.items;
    const youzan = platforms[0].id;
    const c = await createClient(t, admin, { sourcePlatformId: youzan });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM client WHERE source_platform_id = ${youzan} AND deleted = false`,
    );
    const refused = await t.call('DELETE', `${P}/${youzan}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(`已被 ${row?.n} 个客户引用，不能删除，只能停用`);
    expect(refused.body.data).toEqual({ reason: 'IN_USE', usedBy: 'clients', count: row?.n });
    expect(c.sourcePlatformName).toBe('有赞');
    const en = await t.call('DELETE', `${P}/${youzan}`, {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toMatch(/Used by \d+ clients/);
    // Orders count too, once no client uses it any more.
    const offline = (await t.call('GET', `${P}?keyword=OFFLINE`, { token: admin })).body.data.items[0].id;
    await t.database.db.execute(
      sql`UPDATE client SET source_platform_id = NULL WHERE source_platform_id = ${offline}`,
    );
    await t.database.db.insert(salesOrder).values({
      orderNo: 'T-DICT-1',
      clientId: c.id,
      sourcePlatformId: offline,
      totalAmount: 100,
      payAmount: 100,
    });
    const byOrders = await t.call('DELETE', `${P}/${offline}`, { token: admin });
    expect(byOrders.status).toBe(409);
    expect(byOrders.body.msg).toBe('已被 1 个订单引用，不能删除，只能停用');
    expect(byOrders.body.data).toEqual({ reason: 'IN_USE', usedBy: 'orders', count: 1 });
    const unused = await t.call('POST', P, {
      token: admin,
      body: { code: 'TMP', name: '临时', type: 'OFFLINE' },
    });
    expect((await t.call('DELETE', `${P}/${unused.body.data.id}`, { token: admin })).status).toBe(200);
    expect((await t.call('GET', `${P}/${unused.body.data.id}`, { token: admin })).status).toBe(404);
    // The code is free again once deleted.
    expect(
      (await t.call('POST', P, { token: admin, body: { code: 'TMP', name: '临时', type: 'OFFLINE' } }))
        .status,
    ).toBe(200);
  });
});

describe('order channels (two levels)', () => {
  it('answers the tree; children only under top-level channels', async () => {
    const tree = await t.call('GET', C, { token: siyu });
    expect(tree.status).toBe(200);
    const wecom = tree.body.data.items.find((c: { code: string }) => c.code === 'WECOM');
    expect(wecom.name).toBe('企微私域');
    expect(wecom.children.map((c: { name: string }) => c.name)).toContain('社群');
    expect(tree.body.data.items.map((c: { name: string }) => c.name)).toEqual(
      expect.arrayContaining(['企微私域', '外呼', '直播间', '投放', '转介绍']),
    );
    const top = await t.call('POST', C, { token: admin, body: { code: 'OFFLINE_EVT', name: '地推活动' } });
    expect(top.status).toBe(200);
    const child = await t.call('POST', C, {
      token: admin,
      body: { code: 'OFFLINE_EVT_MALL', name: '商场地推', parentId: top.body.data.id },
    });
    expect(child.status).toBe(200);
    const grandChild = await t.call('POST', C, {
      token: admin,
      body: { code: 'TOO_DEEP', name: '三级', parentId: child.body.data.id },
    });
    expect(grandChild.status).toBe(400);
    expect(grandChild.body.data.fields.parentId).toMatch(/最多两级/);
    // A channel with children cannot move under another channel.
    const move = await t.call('PUT', `${C}/${top.body.data.id}`, {
      token: admin,
      body: {
        code: 'OFFLINE_EVT',
        name: '地推活动',
        parentId: wecom.id,
        status: 'ENABLED',
        sort: 0,
        remark: '',
        version: 1,
      },
    });
    expect(move.body.data.fields.parentId).toBeTruthy();
    const withKids = await t.call('DELETE', `${C}/${top.body.data.id}`, { token: admin });
    expect(withKids.status).toBe(409);
    expect(withKids.body.msg).toBe('该渠道下还有子渠道，不能删除');
    expect(withKids.body.data).toMatchObject({ reason: 'IN_USE', usedBy: 'children' });
    const c = await createClient(t, admin, { channelId: child.body.data.id });
    const used = await t.call('DELETE', `${C}/${child.body.data.id}`, { token: admin });
    expect(used.body.msg).toBe('已被 1 个客户引用，不能删除，只能停用');
    // Filtering clients by the top-level channel includes its children.
    const filtered = await t.call('GET', `/api/v1/clients?channelId=${top.body.data.id}`, { token: admin });
    expect(filtered.body.data.items.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await t.call('POST', C, { token: siyu, body: { code: 'Z', name: 'z' } })).status).toBe(403);
    const one = await t.call('GET', `${C}/${child.body.data.id}`, { token: chakan });
    expect(one.body.data).toMatchObject({
      code: 'OFFLINE_EVT_MALL',
      parentId: top.body.data.id,
      status: 'ENABLED',
    });
    expect((await t.call('GET', `${C}/999999`, { token: chakan })).status).toBe(404);
  });
});

describe('grades and the yearly advance', () => {
  it('lists 学前..高三 with their next grade; validates codes and loops', async () => {
    const list = await t.call('GET', G, { token: chakan });
    const names = list.body.data.items.map((g: { name: string }) => g.name);
    expect(names.slice(0, 4)).toEqual(['小班', '中班', '大班', '一年级']);
    expect(names).toContain('高三');
    const p6 = list.body.data.items.find((g: { code: string }) => g.code === 'P6');
    expect(p6.nextGradeName).toBe('初一');
    expect(p6.stage).toBe('PRIMARY');
    const s3 = list.body.data.items.find((g: { code: string }) => g.code === 'S3');
    const grad = list.body.data.items.find((g: { code: string }) => g.code === 'GRAD');
    // Pointing 已毕业 back to 高三 would make a loop.
    const loop = await t.call('PUT', `${G}/${grad.id}`, {
      token: admin,
      body: {
        code: 'GRAD',
        name: '已毕业',
        stage: 'OTHER',
        nextGradeId: s3.id,
        status: 'ENABLED',
        sort: 15,
        version: grad.version,
      },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.data.fields.nextGradeId).toBe('升级目标形成了循环');
    const inChain = await t.call('DELETE', `${G}/${grad.id}`, { token: admin });
    expect(inChain.status).toBe(409);
    const badStage = await t.call('POST', G, {
      token: admin,
      body: { code: 'X1', name: 'x', stage: 'COLLEGE' },
    });
    expect(badStage.body.data.fields.stage).toBeTruthy();
    expect(
      (await t.call('POST', G, { token: siyu, body: { code: 'X1', name: 'x', stage: 'OTHER' } })).status,
    ).toBe(403);
    const created = await t.call('POST', G, {
      token: admin,
      body: { code: 'COLLEGE', name: '大学', stage: 'OTHER', nextGradeId: grad.id, sort: 20 },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ code: 'COLLEGE', nextGradeName: '已毕业', status: 'ENABLED' });
    const byId = await t.call('GET', `${G}/${created.body.data.id}`, { token: siyu });
    expect(byId.body.data.name).toBe('大学');
    const dupCode = await t.call('POST', G, {
      token: admin,
      body: { code: 'COLLEGE', name: '重复', stage: 'OTHER' },
    });
    expect(dupCode.body.data.fields.code).toBe('编码已存在');
    expect((await t.call('DELETE', `${G}/${created.body.data.id}`, { token: admin })).status).toBe(200);
  });

  it('previews and then advances grades explicitly, once per academic year, audited', async () => {
    const grades = (await t.call('GET', G, { token: admin })).body.data.items as {
      id: number;
      code: string;
      name: string;
    }[];
    const id = (code: string) => grades.find((g) => g.code === code)?.id as number;
    // Move every existing client out of the way: their grades were set this academic year.
    t.clock.current = new Date('2026-08-20T02:00:00Z'); // academic year 2025
    admin = await t.login('admin', ADMIN_PASSWORD);
    const a = await createClient(t, admin, { gradeId: id('P6') });
    const b = await createClient(t, admin, { gradeId: id('P6') });
    const c = await createClient(t, admin, { gradeId: id('S3') });
    const d = await createClient(t, admin, { gradeId: id('GRAD') });
    expect((await rowOf(t, a.id)).gradeYear).toBe(2025);
    // One client was last set two years ago: it moves two grades.
    const e = await createClient(t, admin, { gradeId: id('P5') });
    await setClient(t, e.id, { gradeYear: 2024 });

    const early = await t.call('GET', `${G}/advance-preview?academicYear=2026`, { token: admin });
    expect(early.status).toBe(422);
    expect(early.body.msg).toMatch(/2025/);

    t.clock.current = new Date('2026-09-01T01:00:00Z'); // 09:00 in Shanghai: academic year 2026
    admin = await t.login('admin', ADMIN_PASSWORD);
    siyu = await t.login('siyu1', DEMO_PASSWORD);
    const preview = await t.call('GET', `${G}/advance-preview`, { token: admin });
    expect(preview.status).toBe(200);
    expect(preview.body.data.academicYear).toBe(2026);
    const item = (from: string, to: string) =>
      preview.body.data.items.find(
        (i: { gradeId: number; toGradeId: number }) => i.gradeId === id(from) && i.toGradeId === id(to),
      );
    expect(item('P6', 'J1').clients).toBeGreaterThanOrEqual(2);
    expect(item('S3', 'GRAD').clients).toBeGreaterThanOrEqual(1);
    expect(item('P5', 'J1').clients).toBe(1);
    expect(preview.body.data.items.some((i: { gradeId: number }) => i.gradeId === id('GRAD'))).toBe(false);
    // Nothing changed yet: the preview only counts.
    expect((await rowOf(t, a.id)).gradeId).toBe(id('P6'));
    expect((await t.call('POST', `${G}/advance`, { token: siyu, body: {} })).status).toBe(403);

    const run = await t.call('POST', `${G}/advance`, { token: admin, body: {} });
    expect(run.status).toBe(200);
    expect(run.body.data.totalClients).toBe(preview.body.data.totalClients);
    expect((await rowOf(t, a.id)).gradeId).toBe(id('J1'));
    expect((await rowOf(t, b.id)).gradeYear).toBe(2026);
    expect((await rowOf(t, c.id)).gradeId).toBe(id('GRAD'));
    expect((await rowOf(t, d.id)).gradeId).toBe(id('GRAD'));
    expect((await rowOf(t, e.id)).gradeId).toBe(id('J1'));
    const audits = await auditRows(t, 'dict.grade.advance');
    expect(audits).toHaveLength(1);
    expect(audits[0]?.summary).toContain(`${run.body.data.totalClients} clients`);
    // Running it again in the same year changes nothing.
    const again = await t.call('POST', `${G}/advance`, { token: admin, body: { academicYear: 2026 } });
    expect(again.body.data.totalClients).toBe(0);
    expect((await rowOf(t, a.id)).gradeId).toBe(id('J1'));
    // A grade in use cannot be deleted.
    const used = await t.call('DELETE', `${G}/${id('J1')}`, { token: admin });
    expect(used.status).toBe(409);
    expect(used.body.msg).toMatch(/个客户引用/);
  });
});
