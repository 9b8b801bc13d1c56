import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser, adminUserRole, role } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/password';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, TEST_SCRYPT, type TestApp } from '../support/app';
import { createClient, ownerLogs, rowOf, SALES_PASSWORD, staff } from '../support/clients';

let t: TestApp;
let admin: string;
let a: { id: number; token: string };
let b: { id: number; token: string };
const BASE = '/api/v1/clients';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  a = await staff(t, admin, 'import_a', { dept: '销售一组', nickname: '导入甲' });
  b = await staff(t, admin, 'import_b', { dept: '销售二组', nickname: '王五' });
});
afterAll(async () => t.close());

/** A multipart/form-data body with one file part. */
const multipart = (fileName: string, data: Buffer, type = 'application/octet-stream') => {
  const boundary = `----educrm${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const upload = async (token: string, fileName: string, data: Buffer, query = '') => {
  const body = multipart(fileName, data);
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/import${query}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
};
const waitDone = async (token: string, id: string) => {
  for (let i = 0; i < 200; i++) {
    const res = await t.call('GET', `${BASE}/import/${id}`, { token });
    if (res.body.data.status !== 'RUNNING') return res.body.data;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
};
const xlsx = async (rows: (string | number)[][]) => {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('客户');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
};
const readXlsx = async (data: Buffer | ArrayBuffer) => {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const width = sheet?.columnCount ?? 0;
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: width }, (_, i) => (values[i + 1] == null ? '' : String(values[i + 1]))));
  });
  return rows;
};

describe('import', () => {
  it('imports an xlsx of mixed rows into the caller’s ownership with a per-row result file', async () => {
    const theirs = await createClient(t, b.token);
    const pooled = await createClient(t, admin, { ownerUserId: null });
    const mine = await createClient(t, a.token);
    const header = [
      '姓名',
      '手机号*',
      '微信号',
      '学员姓名',
      '性别',
      '年级',
      '科目',
      '来源平台',
      '渠道',
      '等级',
      '阶段',
      '标签',
      '备注',
    ];
    const data = await xlsx([
      header,
      [
        '新客户甲',
        '13911110001',
        'wx_jia',
        '小甲',
        '男',
        '初一',
        '数学,英语',
        '抖音',
        '社群',
        'A',
        '有意向',
        '高意向',
        '老带新',
      ],
      ['新客户乙', ' +86 139-1111-0002', '', '', '女', '', '', '', '', '', '', '', ''],
      ['坏号码', '12345', '', '', '', '', '', '', '', '', '', '', ''],
      ['没号码', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['未知年级', '13911110005', '', '', '', '大一', '', '', '', '', '', '', ''],
      ['他人客户', theirs.mobile, '', '', '', '', '', '', '', '', '', '', ''],
      ['公海客户', pooled.mobile, '', '', '', '', '', '', '', '', '', '', ''],
      ['我的客户', mine.mobile, '', '', '', '', '', '', '', '', '', '', ''],
      ['文件内重复', '13911110001', '', '', '', '', '', '', '', '', '', '', ''],
      ['=HYPERLINK("http://x","y")', 13911110010, '', '', '', '', '', '', '', '', '', '', ''],
      ['多处错误', '13911110011', '', '', '不详', '大一', '', '', '', 'Z', '未知阶段', '', ''],
    ]);
    const started = await upload(a.token, '客户名单.xlsx', data);
    if (started.status !== 202) throw new Error(JSON.stringify(started.body));
    expect(started.status).toBe(202);
    expect(started.body.msg).toBe('导入已开始，完成后可下载结果文件');
    expect(started.body.data).toMatchObject({ status: 'RUNNING', total: 11, fileName: '客户名单.xlsx' });
    const job = await waitDone(a.token, started.body.data.id);
    expect(job.status).toBe('DONE');
    expect(job.processed).toBe(11);
    expect(job.counts).toEqual({
      CREATED: 3,
      DUPLICATE_MINE: 2,
      DUPLICATE_OTHER: 1,
      DUPLICATE_POOL: 1,
      DUPLICATE_DELETED: 0,
      INVALID: 4,
    });
    // Only the importer polls the job; the result downloads by its signed link with the importer's session.
    expect((await t.call('GET', `${BASE}/import/${job.id}`, { token: b.token })).status).toBe(404);
    expect((await t.call('GET', `${BASE}/import/${job.id}`, { token: admin })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: job.resultUrl })).statusCode).toBe(401);
    const asB = await t.app.inject({
      method: 'GET',
      url: job.resultUrl,
      headers: { cookie: `Admin-Token=${b.token}` },
    });
    expect(asB.statusCode).toBe(410);
    const cookie = { cookie: `Admin-Token=${a.token}` };
    const file = await t.app.inject({ method: 'GET', url: job.resultUrl, headers: cookie });
    expect(file.statusCode).toBe(200);
    const rows = await readXlsx(file.rawPayload);
    expect(rows[0]).toEqual(['行号', ...header, '结果', '说明', '客户ID']);
    const result = (name: string) => rows.find((r) => r[1] === name) as string[];
    expect(result('新客户甲').slice(-3, -1)).toEqual(['成功', '']);
    expect(result('坏号码').slice(-3, -1)).toEqual(['格式错误', '手机号: 请输入有效的中国大陆手机号']);
    expect(result('没号码').slice(-3, -1)).toEqual(['格式错误', '手机号: 必填']);
    expect(result('未知年级').slice(-3, -1)).toEqual(['格式错误', '年级: 所选项不存在或已停用']);
    // Every problem of a row, in column order (not only the first one met).
    expect(result('多处错误').slice(-3, -1)).toEqual([
      '格式错误',
      '性别: 取值无效; 年级: 所选项不存在或已停用; 等级: 取值无效; 阶段: 取值无效',
    ]);
    expect(result('他人客户').slice(-3)).toEqual(['重复-他人', '该手机号已由【王五】跟进', '']);
    expect(result('公海客户').slice(-3)).toEqual([
      '重复-公海',
      '该手机号客户在公海中，可以领取',
      String(pooled.id),
    ]);
    expect(result('我的客户').slice(-3)).toEqual(['重复-本人', '该手机号客户已在你名下', String(mine.id)]);
    expect(result('文件内重复').slice(-3, -1)).toEqual(['重复-本人', '该手机号客户已在你名下']);
    expect(rows.find((r) => r[1]?.includes('HYPERLINK'))?.[1]).toBe('\'=HYPERLINK("http://x","y")');
    expect(result('新客户甲')[0]).toBe('2');

    const created = await rowOf(t, Number(result('新客户甲').at(-1)));
    expect(created).toMatchObject({
      ownerUserId: a.id,
      mobile: '13911110001',
      wechatId: 'wx_jia',
      studentName: '小甲',
      gender: 'MALE',
      level: 'A',
      stage: 'INTENT',
      remark: '老带新',
    });
    expect(created.subjects).toEqual(['MATH', 'ENGLISH']);
    expect(created.gradeId).not.toBeNull();
    expect(created.tagIds).toHaveLength(1);
    const second = await rowOf(t, Number(result('新客户乙').at(-1)));
    expect(second).toMatchObject({ mobile: '13911110002', mobileRaw: '+86 139-1111-0002', gender: 'FEMALE' });
    expect((await ownerLogs(t, created.id)).map((l) => [l.type, l.to_user_id, l.reason])).toEqual([
      ['CREATE', a.id, 'import'],
    ]);
    // A forged or expired link is refused.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: job.resultUrl.replace(/sig=.{4}/, 'sig=AAAA'),
          headers: cookie,
        })
      ).statusCode,
    ).toBe(410);
    t.clock.advance(2 * 60 * 60);
    const later = await t.login('import_a', SALES_PASSWORD);
    expect(
      (await t.app.inject({ method: 'GET', url: job.resultUrl, headers: { cookie: `Admin-Token=${later}` } }))
        .statusCode,
    ).toBe(410);
    t.clock.advance(-2 * 60 * 60);
  });

  it('imports csv (UTF-8 with BOM and quotes, or GB18030) into the pool or to a user (admin only)', async () => {
    const csv = Buffer.from(
      '\uFEFF姓名,手机号,备注\r\n"公海导入, 一",13922220001,"第一行\n第二行"\r\n公海导入二,13922220002,"说""好的"""\r\n',
      'utf8',
    );
    const refused = await upload(a.token, 'pool.csv', csv, '?target=pool');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('只能导入到自己名下');
    const started = await upload(admin, 'pool.csv', csv, '?target=pool');
    expect(started.status).toBe(202);
    const job = await waitDone(admin, started.body.data.id);
    expect(job.counts.CREATED).toBe(2);
    const pool = await t.call('GET', `${BASE}/pool?keyword=${encodeURIComponent('公海导入')}`, {
      token: a.token,
    });
    const rows = pool.body.data.items as {
      id: number;
      name: string;
      poolReason: string;
      ownerUserId: null;
    }[];
    expect(rows.map((r) => r.name).sort()).toEqual(['公海导入, 一', '公海导入二']);
    expect(rows.every((r) => r.poolReason === 'IMPORT_UNASSIGNED' && r.ownerUserId === null)).toBe(true);
    const remarkOf = async (name: string) =>
      (await rowOf(t, rows.find((r) => r.name === name)?.id as number)).remark;
    expect(await remarkOf('公海导入二')).toBe('说"好的"');
    expect(await remarkOf('公海导入, 一')).toBe('第一行\n第二行');

    // 姓名,手机号 / 王五六,13922220003 encoded as GB18030 (as Chinese Excel saves csv).
    const gbk = Buffer.from([
      0xd0,
      0xd5,
      0xc3,
      0xfb,
      0x2c,
      0xca,
      0xd6,
      0xbb,
      0xfa,
      0xba,
      0xc5,
      0x0d,
      0x0a,
      0xcd,
      0xf5,
      0xce,
      0xe5,
      0xc1,
      0xf9,
      0x2c,
      ...Buffer.from('13922220003\r\n'),
    ]);
    expect(new TextDecoder('gb18030').decode(gbk)).toBe('姓名,手机号\r\n王五六,13922220003\r\n');
    const toUser = await upload(admin, 'gbk.csv', gbk, `?target=user&userId=${b.id}`);
    expect(toUser.status).toBe(202);
    expect((await waitDone(admin, toUser.body.data.id)).counts.CREATED).toBe(1);
    const check = await t.call('GET', `${BASE}/check-mobile?mobile=13922220003`, { token: b.token });
    expect(check.body.data.status).toBe('MINE');
    expect(
      (await t.call('GET', `${BASE}/${check.body.data.clientId}`, { token: b.token })).body.data.name,
    ).toBe('王五六');
  });

  it('refuses files it cannot read before starting', async () => {
    const noMobile = await upload(a.token, 'x.csv', Buffer.from('姓名,微信号\n张三,zs\n'));
    expect(noMobile.status).toBe(400);
    expect(noMobile.body.msg).toBe('缺少必需的列：手机号');
    const notSheet = await upload(a.token, 'x.txt', Buffer.from('hello'));
    expect(notSheet.body.msg).toBe('只支持 xlsx 或 csv 文件');
    const empty = await upload(a.token, 'x.csv', Buffer.from('姓名,手机号\n'));
    expect(empty.body.msg).toBe('文件中没有数据行');
    const lines = ['姓名,手机号'];
    for (let i = 0; i < 50_001; i++) lines.push(`客户${i},139${String(i).padStart(8, '0')}`);
    const huge = await upload(a.token, 'huge.csv', Buffer.from(lines.join('\n')));
    expect(huge.status).toBe(413);
    expect(huge.body.msg).toBe('每次最多导入 50000 行');
    const json = await t.call('POST', `${BASE}/import`, { token: a.token, body: {} });
    expect(json.status).toBe(400);
    expect((await upload(await t.login('chakan1', DEMO_PASSWORD), 'x.csv', Buffer.from('a'))).status).toBe(
      403,
    );
  });

  it('serves the template in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/import/template`,
      headers: { authorization: `Bearer ${a.token}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toContain('Mobile*');
    expect(rows[0]).toContain('Name');
    expect(rows).toHaveLength(2);
  });
});

describe('export', () => {
  it('exports the filtered list formula-safe; phones masked for a role without client.phone.view', async () => {
    const c = await createClient(t, b.token, { name: '=1+1导出', mobile: '13933330001', remark: '@SUM(A1)' });
    expect((await t.call('GET', `${BASE}/export`, { token: a.token })).status).toBe(403);
    expect(
      (await t.call('GET', `${BASE}/export`, { token: await t.login('chakan1', DEMO_PASSWORD) })).status,
    ).toBe(403);
    const get = async (token: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/export?keyword=${encodeURIComponent('导出')}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/clients-/);
      return readXlsx(res.rawPayload);
    };
    const rows = await get(admin);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(0, 3)).toEqual([String(c.id), "'=1+1导出", '13933330001']);
    expect(rows[1]).toContain("'@SUM(A1)");
    // A supervisor role allowed to export but not to see phones gets them masked.
    const [auditor] = await t.database.db
      .insert(role)
      .values({
        key: 'exporter',
        name: 'Exporter',
        dataScope: 'ALL',
        permissions: ['client.list', 'client.export'],
      })
      .returning({ id: role.id });
    const [user] = await t.database.db
      .insert(adminUser)
      .values({ username: 'exporter1', passwordHash: await hashPassword('Exporter-pass-2026', TEST_SCRYPT) })
      .returning({ id: adminUser.id });
    await t.database.db
      .insert(adminUserRole)
      .values({ userId: user?.id as number, roleId: auditor?.id as number });
    const masked = await get(await t.login('exporter1', 'Exporter-pass-2026'));
    expect(masked[1]?.[2]).toBe('139****0001');
    expect(JSON.stringify(masked)).not.toContain('13933330001');
  });
});
