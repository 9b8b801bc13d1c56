import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { makeClient, userId } from '../support/commerce';

/**
 * Issue 16: the audit export reads as the audit page does in the requester's language. The stored
 * English sentence stays for rows without params; rows with params are rendered from them with the
 * console's own renderer and messages (@educrm/contract audit-text, apps/web/src/i18n).
 */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

/** The export's rows (header first) as text, in the language of `accept-language`. */
const exportRows = async (query: string, lang: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/system/audit-log/export?${query}`,
    headers: { authorization: `Bearer ${admin}`, 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
};

describe('audit export language', () => {
  it('renders the summary, action and target type in zh and in en', async () => {
    const id = await makeClient(t, '导出审计客户', '13700137055', await userId(t, 'admin'));
    const released = await t.call('POST', `/api/v1/clients/${id}/release`, {
      token: admin,
      body: { reason: '家长暂无需求' },
    });
    expect(released.status).toBe(200);
    const query = `action=client.release&targetId=${id}`;

    const zh = await exportRows(query, 'zh-CN,zh;q=0.9');
    expect(zh[0]).toEqual(['ID', '时间', '操作人', '操作', '对象类型', '对象 ID', '摘要', 'IP']);
    expect(zh).toHaveLength(2);
    expect(zh[1]?.[3]).toBe('放入公海');
    expect(zh[1]?.[6]).toBe(`将客户 #${id} 放入公海，原因：家长暂无需求`);

    const en = await exportRows(query, 'en-US,en;q=0.9');
    expect(en[0]?.[6]).toBe('Summary');
    expect(en[1]?.[3]).toBe('Released to the pool');
    expect(en[1]?.[4]).toMatch(/^Client$/i);
    expect(en[1]?.[6]).toBe(`Released client #${id} to the pool. Reason: 家长暂无需求`);
  });

  it('keeps the stored text of a row written before structured summaries', async () => {
    const { sql } = await import('drizzle-orm');
    await t.database.db.execute(
      sql`INSERT INTO audit_log (action, summary) VALUES ('legacy.note', 'an old English sentence')`,
    );
    const zh = await exportRows('action=legacy.note', 'zh-CN');
    expect(zh[1]?.[3]).toBe('legacy.note');
    expect(zh[1]?.[6]).toBe('an old English sentence');
  });
});
