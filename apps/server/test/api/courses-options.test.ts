import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { userId } from '../support/commerce';

let t: TestApp;
let admin: string;
let zhongtai: string;
let chakan: string;
let siyu: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
});
afterAll(async () => t.close());

describe('pickers of the course pages', () => {
  it('staff options: every course role reads enabled users by name; chosen ids always come back', async () => {
    for (const token of [admin, zhongtai, chakan, siyu]) {
      const res = await t.call('GET', '/api/v1/course/staff-options?keyword=zhongtai', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.items.map((u: { username: string }) => u.username)).toContain('zhongtai1');
      expect(res.body.data.items.every((u: { username: string; name: string }) => u.name)).toBe(true);
    }
    const siyuId = await userId(t, 'siyu1');
    const disabled = await t.call('POST', `/api/v1/system/admin-users/${siyuId}/disable`, { token: admin });
    expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
    const plain = await t.call('GET', '/api/v1/course/staff-options?keyword=siyu1', { token: admin });
    expect(plain.body.data.items.map((u: { id: number }) => u.id)).not.toContain(siyuId);
    const chosen = await t.call('GET', `/api/v1/course/staff-options?keyword=siyu1&ids=${siyuId}`, {
      token: admin,
    });
    expect(chosen.body.data.items.map((u: { id: number }) => u.id)).toContain(siyuId);
    expect((await t.call('GET', '/api/v1/course/staff-options?ids=1;2', { token: admin })).status).toBe(400);
    expect((await t.call('GET', '/api/v1/course/staff-options')).status).toBe(401);
  });

  it('class options: by name or code; named ids always come back, archived ones only then', async () => {
    const mk = async (code: string) =>
      (await t.call('POST', '/api/v1/course/classes', { token: admin, body: { name: `选项${code}`, code } }))
        .body.data as { id: number; version: number };
    const a = await mk('OPT-A');
    const b = await mk('OPT-B');
    for (const to of ['ENROLLING', 'IN_PROGRESS', 'FINISHED', 'ARCHIVED']) {
      const cur = (await t.call('GET', `/api/v1/course/classes/${b.id}`, { token: admin })).body.data;
      const moved = await t.call('POST', `/api/v1/course/classes/${b.id}/status`, {
        token: admin,
        body: { status: to, version: cur.version },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const codes = async (q: string) =>
      (await t.call('GET', `/api/v1/course/classes/options?${q}`, { token: chakan })).body.data.items.map(
        (c: { code: string }) => c.code,
      );
    expect(await codes('keyword=OPT')).toEqual(['OPT-A']);
    expect((await codes(`keyword=nothing&ids=${b.id},${a.id}`)).sort()).toEqual(['OPT-A', 'OPT-B']);
    expect((await t.call('GET', '/api/v1/course/classes/options?ids=x', { token: chakan })).status).toBe(400);
  });

  it('grades, platforms and channels for the class form and member filters: zhongtai and chakan read them', async () => {
    for (const token of [zhongtai, chakan]) {
      const res = await t.call('GET', '/api/v1/dict/options', { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.data.grades)).toBe(true);
    }
  });
});

describe('member list totals', () => {
  it('every page of a search and of the whole list tells the exact total, counted or read off a short page', async () => {
    const rows = [1, 2, 3, 4, 5].map((i) => ({ mobile: `1390014000${i}`, nickname: `分页测试${i}` }));
    const imp = await t.call('POST', '/api/v1/members/import', { token: admin, body: { rows } });
    expect(imp.body.data.succeeded).toBe(5);
    const page = async (query: string) => {
      const res = await t.call('GET', `/api/v1/members?${query}`, { token: chakan });
      expect(res.status).toBe(200);
      return res.body.data as { items: { nickname: string }[]; total: number; totalExact: boolean };
    };
    const kw = `keyword=${encodeURIComponent('分页测试')}`;
    // page 1 and 2 full (counted), page 3 short (its own total), page 4 past the end (counted)
    for (const [p, names] of [
      [1, ['分页测试5', '分页测试4']],
      [2, ['分页测试3', '分页测试2']],
      [3, ['分页测试1']],
      [4, []],
    ] as const) {
      const d = await page(`${kw}&pageSize=2&page=${p}`);
      expect(
        d.items.map((m) => m.nickname),
        `page ${p}`,
      ).toEqual([...names]);
      expect([d.total, d.totalExact], `page ${p}`).toEqual([5, true]);
    }
    const all = await page('pageSize=100');
    const full = await page('pageSize=1');
    expect(full.items).toHaveLength(1);
    expect([full.total, full.totalExact]).toEqual([all.items.length, true]);
    expect(all.total).toBe(all.items.length);
  });
});

describe('member nickname search count', () => {
  it('a name search counts its matches to 200 ("200+"), newest first; the page is read as usual', async () => {
    const rows = Array.from({ length: 201 }, (_, i) => ({
      mobile: `1370013${String(i).padStart(4, '0')}`,
      nickname: `计数上限${i}`,
    }));
    const imp = await t.call('POST', '/api/v1/members/import', { token: admin, body: { rows } });
    expect(imp.body.data.succeeded).toBe(201);
    const many = (
      await t.call('GET', `/api/v1/members?keyword=${encodeURIComponent('计数上限')}`, { token: chakan })
    ).body.data;
    expect([many.total, many.totalExact, many.items.length]).toEqual([200, false, 20]);
    const one = (
      await t.call('GET', `/api/v1/members?keyword=${encodeURIComponent('计数上限20')}&pageSize=5`, {
        token: chakan,
      })
    ).body.data;
    // 计数上限20 and 计数上限200: a short list is exact
    expect([one.total, one.totalExact]).toEqual([2, true]);
  });
});

describe('member nickname search', () => {
  it('Chinese text matches exactly (LIKE), Latin letters ignore case (ILIKE); wildcards are literal', async () => {
    const rows = [
      { mobile: '13900139001', nickname: '乐乐妈妈' },
      { mobile: '13900139002', nickname: 'Amy妈妈' },
      { mobile: '13900139003', nickname: '100%_满分' },
    ];
    const imp = await t.call('POST', '/api/v1/members/import', { token: admin, body: { rows } });
    expect(imp.body.data.succeeded).toBe(3);
    for (const [q, want] of [
      ['乐乐妈', ['乐乐妈妈']],
      ['amy', ['Amy妈妈']],
      ['AMY妈', ['Amy妈妈']],
      ['0%_满', ['100%_满分']],
      ['%_', ['100%_满分']],
      ['乐乐爸', []],
    ] as const) {
      const res = await t.call('GET', `/api/v1/members?keyword=${encodeURIComponent(q)}`, { token: chakan });
      expect(res.body.data.items.map((m: { nickname: string }) => m.nickname).sort(), q).toEqual([...want]);
    }
  });
});
