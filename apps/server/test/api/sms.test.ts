import { smsLogRow } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { runJobOnce } from '../../src/jobs/scheduler';
import { smsNoReceiptJob } from '../../src/modules/calls/jobs';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { configureProvider, eventually, followUpsOf } from '../support/calls';
import { createClient, setClient, staff } from '../support/clients';
import { startAliyunServer } from '../support/provider-servers';
import { expectListShape } from '../support/shape';

let t: TestApp;
let admin: string;
let chakan: string;
let zhongtai: string;
let a: { id: number; token: string; username: string };
let b: { id: number; token: string; username: string };
let signId: number;
const T = '/api/v1/sms/templates';

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = new Date('2026-11-05T02:00:00Z'); // 10:00 in Shanghai
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  a = await staff(t, admin, 'sms_a', { dept: '销售一组' });
  b = await staff(t, admin, 'sms_b', { dept: '销售二组' });
  await configureProvider(t, admin, 'sms', { sandboxSuccessRate: 100, sandboxDelayMs: 0 });
  const sign = await t.call('POST', '/api/v1/sms/signs', {
    token: admin,
    body: { name: '某某教育', isDefault: true },
  });
  expect(sign.body.data.status).toBe('PENDING');
  const synced = await t.call('POST', `/api/v1/sms/signs/${sign.body.data.id}/sync`, { token: admin });
  expect(synced.body.data.status).toBe('APPROVED');
  signId = sign.body.data.id;
});
afterAll(async () => t.close());

let codeSeq = 0;
const newDraft = async (token: string, body: Record<string, unknown> = {}) => {
  const res = await t.call('POST', T, {
    token,
    body: {
      code: `TPL_${++codeSeq}`,
      name: '开课提醒',
      type: 'NOTICE',
      signId,
      content: '${name}家长您好，${course}将于${time}开课',
      applyRemark: '开课通知',
      ...body,
    },
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return res.body.data;
};
const approve = async (id: number) => {
  const s = await t.call('POST', `${T}/${id}/submit`, { token: admin });
  expect(s.body.data.auditStatus).toBe('PENDING');
  const r = await t.call('POST', `${T}/${id}/sync`, { token: admin });
  return r.body.data;
};
const params = { course: '数学', time: '周六 9:00' };

describe('templates and review', () => {
  it('a review poll that finds a signature still pending writes nothing: its version stays for an editor', async () => {
    await configureProvider(t, admin, 'sms', { sandboxDelayMs: 600_000 });
    const started = t.clock.current;
    try {
      const sign = (await t.call('POST', '/api/v1/sms/signs', { token: admin, body: { name: '慢审教育' } }))
        .body.data;
      expect(sign.status).toBe('PENDING');
      const polled = await t.call('POST', `/api/v1/sms/signs/${sign.id}/sync`, { token: admin });
      expect(polled.body.data).toMatchObject({ status: 'PENDING', version: sign.version });
      t.clock.current = new Date(t.clock.current.getTime() + 600_000);
      const decided = await t.call('POST', `/api/v1/sms/signs/${sign.id}/sync`, { token: admin });
      expect(decided.body.data).toMatchObject({ status: 'APPROVED', version: sign.version + 1 });
    } finally {
      t.clock.current = started;
      await configureProvider(t, admin, 'sms', { sandboxDelayMs: 0 });
    }
  });

  it('zhongtai drafts with parsed variables; siyu sees approved only; only admin submits', async () => {
    const d = await newDraft(zhongtai);
    expect(d).toMatchObject({
      auditStatus: 'DRAFT',
      params: ['name', 'course', 'time'],
      provider: 'sandbox',
      signName: '某某教育',
    });
    expect((await t.call('POST', `${T}/${d.id}/submit`, { token: zhongtai })).status).toBe(403);
    expect((await t.call('POST', T, { token: a.token, body: {} })).status).toBe(403);
    expect((await t.call('GET', `${T}/${d.id}`, { token: a.token })).status).toBe(404);
    expect((await t.call('GET', `${T}/${d.id}`, { token: chakan })).status).toBe(200);
    const dup = await t.call('POST', T, {
      token: admin,
      body: { code: d.code, name: 'x', type: 'NOTICE', signId, content: 'x' },
    });
    expect(dup.body.data.fields.code).toBe('模板编码已被使用');
    const bad = await t.call('POST', T, {
      token: admin,
      body: { code: '1x', name: '', type: 'X', signId: 99999, content: '' },
    });
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['code', 'content', 'name', 'type']);
    const noSign = await t.call('POST', T, {
      token: admin,
      body: { code: 'NOSIGN', name: 'x', type: 'NOTICE', signId: 99999, content: 'x' },
    });
    expect(noSign.body.data.fields.signId).toBeTruthy();
    const ok = await approve(d.id);
    expect(ok).toMatchObject({ auditStatus: 'APPROVED', rejectReason: '' });
    expect(ok.reviewedAt).not.toBeNull();
    const siyuList = await t.call('GET', `${T}?pageSize=100`, { token: a.token });
    expect(siyuList.body.data.items.every((x: { auditStatus: string }) => x.auditStatus === 'APPROVED')).toBe(
      true,
    );
    expect(siyuList.body.data.items.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('keeps the rejection reason; a rejected template is edited back to draft and resubmitted; pending is locked', async () => {
    const d = await newDraft(zhongtai, {
      type: 'PROMOTION',
      content: '${name}您好，报名请点 https://x.cn/a',
    });
    const submitted = await t.call('POST', `${T}/${d.id}/submit`, { token: admin });
    const locked = await t.call('PUT', `${T}/${d.id}`, {
      token: zhongtai,
      body: {
        code: d.code,
        name: d.name,
        type: 'PROMOTION',
        signId,
        content: 'x',
        version: submitted.body.data.version,
      },
    });
    expect(locked.status).toBe(409);
    expect(locked.body.msg).toBe('模板正在审核中，不能修改');
    const rejected = (await t.call('POST', `${T}/${d.id}/sync`, { token: zhongtai })).body.data;
    expect(rejected).toMatchObject({ auditStatus: 'REJECTED', rejectReason: '模板内容含有未报备的链接' });
    const sendRejected = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: (await createClient(t, a.token)).id, params: {} },
    });
    expect(sendRejected.status).toBe(404); // siyu does not even see it
    const edited = await t.call('PUT', `${T}/${d.id}`, {
      token: zhongtai,
      body: {
        code: d.code,
        name: d.name,
        type: 'PROMOTION',
        signId,
        content: '${name}您好，周末课程报名中',
        version: rejected.version,
      },
    });
    expect(edited.body.data).toMatchObject({
      id: d.id,
      auditStatus: 'DRAFT',
      rejectReason: '模板内容含有未报备的链接',
    });
    const again = await approve(d.id);
    expect(again).toMatchObject({ auditStatus: 'APPROVED', rejectReason: '' });
    expect((await t.call('POST', `${T}/${d.id}/submit`, { token: admin })).status).toBe(422);
  });

  it('editing an approved template clones a new draft with a free code', async () => {
    const d = await newDraft(admin);
    const ok = await approve(d.id);
    const res = await t.call('PUT', `${T}/${d.id}`, {
      token: zhongtai,
      body: {
        code: d.code,
        name: '开课提醒2',
        type: 'NOTICE',
        signId,
        content: '${name}您好',
        version: ok.version,
      },
    });
    expect(res.body.data).toMatchObject({ code: `${d.code}_2`, auditStatus: 'DRAFT', name: '开课提醒2' });
    expect(res.body.data.id).not.toBe(d.id);
    expect((await t.call('GET', `${T}/${d.id}`, { token: admin })).body.data).toMatchObject({
      auditStatus: 'APPROVED',
      name: '开课提醒',
    });
  });
});

describe('sending', () => {
  it('a template cannot send unless approved and enabled', async () => {
    const c = await createClient(t, a.token, { name: '李妈妈' });
    const d = await newDraft(admin);
    const draftSend = await t.call('POST', '/api/v1/sms/send', {
      token: admin,
      body: { templateId: d.id, clientId: c.id, params },
    });
    expect(draftSend.status).toBe(422);
    expect(draftSend.body.msg).toBe('短信模板未通过审核或已停用，不能发送');
    const ok = await approve(d.id);
    const off = await t.call('POST', `${T}/${d.id}/enable`, {
      token: admin,
      body: { enabled: false, version: ok.version },
    });
    expect(off.body.data.enabled).toBe(false);
    expect(
      (
        await t.call('POST', '/api/v1/sms/send', {
          token: a.token,
          body: { templateId: d.id, clientId: c.id, params },
        })
      ).status,
    ).toBe(422);
    await t.call('POST', `${T}/${d.id}/enable`, {
      token: admin,
      body: { enabled: true, version: off.body.data.version },
    });
    const missing = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c.id, params: {} },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields['params.course']).toBe('缺少模板变量：course');
    const sent = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c.id, params },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      sendStatus: 'SUCCESS',
      content: '【某某教育】李妈妈家长您好，数学将于周六 9:00开课',
      clientId: c.id,
      isTest: false,
    });
    expect(sent.body.data.mobile).toMatch(/\*{4}/);
    const delivered = await eventually(async () => {
      const r = await t.call('GET', `/api/v1/sms/logs?clientId=${c.id}`, { token: a.token });
      return r.body.data.items[0]?.receiveStatus === 'SUCCESS' ? r.body.data.items[0] : null;
    });
    expect(delivered.receiveCode).toBe('DELIVERED');
    const fu = await followUpsOf(t, c.id);
    expect(fu).toEqual([expect.objectContaining({ source: 'SMS', type: 'SMS', counts_as_contact: false })]);
    // siyu b cannot text a's client; chakan and zhongtai cannot send at all
    expect(
      (
        await t.call('POST', '/api/v1/sms/send', {
          token: b.token,
          body: { templateId: d.id, clientId: c.id, params },
        })
      ).status,
    ).toBe(400);
    for (const token of [chakan, zhongtai])
      expect(
        (
          await t.call('POST', '/api/v1/sms/send', {
            token,
            body: { templateId: d.id, clientId: c.id, params },
          })
        ).status,
      ).toBe(403);
    const byTemplate = await t.call('GET', `/api/v1/sms/logs?templateId=${d.id}`, { token: admin });
    expect(byTemplate.body.data.total).toBe(1);
    expect(
      (await t.call('GET', `/api/v1/sms/logs?templateId=${d.id}`, { token: b.token })).body.data.total,
    ).toBe(0);
  });

  it('system templates (verification codes) are not offered for a manual send and a manual send of one is refused', async () => {
    const c = await createClient(t, a.token, { name: '周妈妈' });
    const notice = await approve((await newDraft(admin)).id);
    const code = await approve(
      (await newDraft(admin, { type: 'VERIFICATION', content: '您的验证码是${code}' })).id,
    );
    const offered = await t.call('GET', '/api/v1/sms/send/templates', { token: a.token });
    expect(offered.status).toBe(200);
    const ids = offered.body.data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(notice.id);
    expect(ids).not.toContain(code.id);
    expect(offered.body.data.items.every((x: { type: string }) => x.type !== 'VERIFICATION')).toBe(true);
    for (const url of ['/api/v1/sms/send', '/api/v1/sms/bulk-preview', '/api/v1/sms/bulk-send']) {
      const res = await t.call('POST', url, {
        token: a.token,
        body:
          url === '/api/v1/sms/send'
            ? { templateId: code.id, clientId: c.id, params: { code: '123456' } }
            : { templateId: code.id, clientIds: [c.id], params: { code: '123456' } },
      });
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('系统短信模板（如验证码）由系统发送，不能手动发送');
    }
    expect((await t.call('GET', '/api/v1/sms/send/templates', { token: zhongtai })).status).toBe(403);
  });

  it('PROMOTION honours opt-out, the send window and the daily cap; the preview says who is skipped and why', async () => {
    const d = await newDraft(admin, { type: 'PROMOTION', content: '${name}您好，寒假班开始报名' });
    await approve(d.id);
    const s = await t.call('GET', '/api/v1/call/settings', { token: admin });
    await t.call('PUT', '/api/v1/call/settings', { token: admin, body: { ...s.body.data, smsDailyCap: 1 } });
    const c1 = await createClient(t, a.token, { name: '甲' });
    const c2 = await createClient(t, a.token, { name: '乙' });
    const out = await createClient(t, a.token, { name: '退订' });
    await setClient(t, out.id, { smsOptOut: true });
    const other = await createClient(t, b.token);
    const optOut = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: out.id, params: {} },
    });
    expect(optOut.body.msg).toBe('该客户已退订营销短信');
    const first = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c1.id, params: {} },
    });
    expect(first.status).toBe(200);
    const capped = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c1.id, params: {} },
    });
    expect(capped.status).toBe(422);
    expect(capped.body.msg).toBe('该手机号今日营销短信已达上限（1 条）');
    const body = { templateId: d.id, clientIds: [c1.id, c2.id, out.id, other.id, c2.id], params: {} };
    const preview = await t.call('POST', '/api/v1/sms/bulk-preview', { token: a.token, body });
    expect(preview.body.data).toMatchObject({
      total: 5,
      willSend: 1,
      skipped: {
        DAILY_CAP: 1,
        OPT_OUT: 1,
        NOT_FOUND: 1,
        DUPLICATE_MOBILE: 1,
        NO_MOBILE: 0,
        OUTSIDE_WINDOW: 0,
      },
      sample: '【某某教育】乙您好，寒假班开始报名',
    });
    const bulk = await t.call('POST', '/api/v1/sms/bulk-send', { token: a.token, body });
    expect(bulk.body.data).toMatchObject({ willSend: 1, sent: 1, failed: 0 });
    const logs = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM sms_log WHERE template_id = ${d.id}`,
    );
    expect(logs[0]?.n).toBe(2);
    // outside the window (it is 10:00 in Shanghai) nothing promotional goes out
    const s2 = await t.call('GET', '/api/v1/call/settings', { token: admin });
    const moved = await t.call('PUT', '/api/v1/call/settings', {
      token: admin,
      body: { ...s2.body.data, smsWindowStart: '12:00', smsWindowEnd: '21:00' },
    });
    expect(moved.status).toBe(200);
    const late = await t.call('POST', '/api/v1/sms/bulk-preview', { token: a.token, body });
    expect(late.body.data.skipped).toMatchObject({
      OUTSIDE_WINDOW: 2,
      DUPLICATE_MOBILE: 1,
      OPT_OUT: 1,
      NOT_FOUND: 1,
    });
    const c3 = await createClient(t, a.token);
    const lateSend = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c3.id, params: {} },
    });
    expect(lateSend.body.msg).toBe('营销短信只能在 12:00-21:00 之间发送');
    // a NOTICE is not promotional: it goes out at any time
    const notice = await newDraft(admin);
    await approve(notice.id);
    const n1 = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: notice.id, clientId: out.id, params },
    });
    expect(n1.status).toBe(200);
    await t.call('PUT', '/api/v1/call/settings', {
      token: admin,
      body: { ...moved.body.data, smsWindowStart: '08:00', smsWindowEnd: '21:00', smsDailyCap: 3 },
    });
  });

  it('test send: approved templates, any valid mobile, logged as a test without a follow-up', async () => {
    const d = await newDraft(admin);
    await approve(d.id);
    const bad = await t.call('POST', `${T}/${d.id}/test-send`, {
      token: admin,
      body: { mobile: '123', params: { ...params, name: '测试' } },
    });
    expect(bad.body.data.fields.mobile).toBeTruthy();
    const ok = await t.call('POST', `${T}/${d.id}/test-send`, {
      token: admin,
      body: { mobile: '+86 138 0013 8000', params: { ...params, name: '测试' } },
    });
    expect(ok.body.data).toMatchObject({
      isTest: true,
      clientId: null,
      sendStatus: 'SUCCESS',
      mobile: '138****8000',
    });
    expect(
      (await t.call('POST', `${T}/${d.id}/test-send`, { token: zhongtai, body: { mobile: '13800138000' } }))
        .status,
    ).toBe(403);
    // Totals of the whole log: a short page is its own total, a full page and a page past the end count.
    const allBody = (await t.call('GET', '/api/v1/sms/logs?pageSize=100', { token: admin })).body;
    expectListShape(allBody, smsLogRow);
    const all = allBody.data;
    expect(all.total).toBe(all.items.length);
    expect(all.total).toBeGreaterThan(1);
    for (const page of [1, 2, all.total + 1]) {
      const one = (await t.call('GET', `/api/v1/sms/logs?pageSize=1&page=${page}`, { token: admin })).body
        .data;
      expect(one.items, `page ${page}`).toHaveLength(page <= all.total ? 1 : 0);
      expect([one.total, one.totalExact], `page ${page}`).toEqual([all.total, true]);
    }
  });
});

describe('Aliyun SMS end to end against the local dysmsapi', () => {
  let srv: Awaited<ReturnType<typeof startAliyunServer>>;
  let receiptPath: string;
  let aliyunTemplateId: number;
  beforeAll(async () => {
    srv = await startAliyunServer(
      { LTAIsms: 'sms-secret' },
      (action, p) => {
        if (action === 'CreateSmsSign') return { Code: 'OK', SignName: p.SignName };
        if (action === 'QuerySmsSign') return { Code: 'OK', SignStatus: 1 };
        if (action === 'CreateSmsTemplate') return { Code: 'OK', TemplateCode: `SMS_${srv.captured.length}` };
        if (action === 'GetSmsTemplate') return { Code: 'OK', TemplateStatus: '1' };
        if (action === 'SendSms') return { Code: 'OK', BizId: `BIZ${srv.captured.length}` };
        return { Code: 'OK' };
      },
      { now: t.clock.now },
    );
    const cfg = await configureProvider(t, admin, 'sms', {
      provider: 'aliyun',
      accessKeyId: 'LTAIsms',
      accessKeySecret: 'sms-secret',
      endpoint: `http://${srv.endpoint}`,
    });
    receiptPath = cfg.receiptPath;
  });
  afterAll(async () => {
    await configureProvider(t, admin, 'sms', { provider: 'sandbox' });
    await srv.close();
  });

  it('signature, template review, send and SmsReport receipt; a receipt twice changes nothing; submissions 30 s apart', async () => {
    const sign = await t.call('POST', '/api/v1/sms/signs', { token: admin, body: { name: '阿里教育' } });
    expect(sign.body.data).toMatchObject({ provider: 'aliyun', status: 'PENDING' });
    await t.call('POST', `/api/v1/sms/signs/${sign.body.data.id}/sync`, { token: admin });
    const d = await newDraft(admin, { signId: sign.body.data.id });
    expect(d.provider).toBe('aliyun');
    const submitted = await t.call('POST', `${T}/${d.id}/submit`, { token: admin });
    expect(submitted.body.data.providerTemplateCode).toMatch(/^SMS_\d+$/);
    const d2 = await newDraft(admin, { signId: sign.body.data.id });
    const throttled = await t.call('POST', `${T}/${d2.id}/submit`, { token: admin });
    expect(throttled.status).toBe(429);
    expect((await t.call('GET', `${T}/${d2.id}`, { token: admin })).body.data.auditStatus).toBe('DRAFT');
    const approved = await t.call('POST', `${T}/${d.id}/sync`, { token: admin });
    expect(approved.body.data.auditStatus).toBe('APPROVED');
    aliyunTemplateId = d.id;
    const c = await createClient(t, a.token, { name: '赵' });
    const sent = await t.call('POST', '/api/v1/sms/send', {
      token: a.token,
      body: { templateId: d.id, clientId: c.id, params },
    });
    expect(sent.body.data).toMatchObject({ sendStatus: 'SUCCESS', provider: 'aliyun' });
    const call = srv.captured.at(-1);
    expect(call?.params).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: c.mobile,
      SignName: '阿里教育',
      TemplateCode: submitted.body.data.providerTemplateCode,
    });
    expect(JSON.parse(String(call?.params.TemplateParam))).toEqual({ ...params, name: '赵' });
    const report = [
      {
        phone_number: c.mobile,
        send_time: '2026-11-05 10:00:00',
        report_time: '2026-11-05 10:00:07',
        success: false,
        err_code: 'MK:0001',
        err_msg: '用户关机',
        biz_id: sent.body.data.bizId,
        out_id: String(sent.body.data.id),
      },
    ];
    expect((await t.call('POST', receiptPath.replace(/token=.*/, 'token=x'), { body: report })).status).toBe(
      401,
    );
    const r1 = await t.call('POST', receiptPath, { body: report });
    expect(r1.body).toEqual({ code: 0, msg: '接收成功' });
    const log1 = (await t.call('GET', `/api/v1/sms/logs/${sent.body.data.id}`, { token: a.token })).body.data;
    expect(log1).toMatchObject({
      receiveStatus: 'FAILURE',
      receiveCode: 'MK:0001',
      receivedAt: '2026-11-05T02:00:07.000Z',
    });
    const r2 = await t.call('POST', receiptPath, {
      body: [{ ...report[0], success: true, err_code: 'DELIVERED' }],
    });
    expect(r2.status).toBe(200);
    expect(
      (await t.call('GET', `/api/v1/sms/logs/${sent.body.data.id}`, { token: a.token })).body.data,
    ).toEqual(log1);
    const test = await t.call('POST', '/api/v1/call/providers/sms/test', { token: admin });
    expect(test.body.data.ok).toBe(true);
  });

  it('the receipt token is sealed at rest', async () => {
    const token = receiptPath.split('token=')[1] as string;
    const [stored] = await queryRows<{ receipt_token_sealed: string }>(
      t.database.db,
      sql`SELECT receipt_token_sealed FROM provider_config WHERE kind = 'sms'`,
    );
    expect(stored?.receipt_token_sealed).toMatch(/^sb1\./);
    expect(stored?.receipt_token_sealed).not.toContain(token);
  });

  it('after a switch to Tencent, Aliyun receipts of what it sent are taken; none after 72 hours is NO_RECEIPT', async () => {
    const send = async (name: string) => {
      const c = await createClient(t, a.token, { name });
      const res = await t.call('POST', '/api/v1/sms/send', {
        token: a.token,
        body: { templateId: aliyunTemplateId, clientId: c.id, params },
      });
      expect(res.body.data).toMatchObject({
        provider: 'aliyun',
        sendStatus: 'SUCCESS',
        receiveStatus: 'INIT',
      });
      return { ...res.body.data, mobile: c.mobile } as { id: number; bizId: string; mobile: string };
    };
    const delivered = await send('钱');
    const silent = await send('孙');
    await configureProvider(t, admin, 'sms', {
      provider: 'tencent',
      accessKeyId: 'AKIDswitch',
      accessKeySecret: 'tencent-secret',
      endpoint: 'http://127.0.0.1:9',
    });
    const receipt = (m: { id: number; bizId: string; mobile: string }) => [
      {
        phone_number: m.mobile,
        send_time: '2026-11-05 10:00:00',
        report_time: '2026-11-05 10:00:09',
        success: true,
        err_code: 'DELIVERED',
        err_msg: '用户接收成功',
        biz_id: m.bizId,
        out_id: String(m.id),
      },
    ];
    const taken = await t.call('POST', receiptPath, { body: receipt(delivered) });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ code: 0, msg: '接收成功' });
    const log = async (id: number) =>
      (await t.call('GET', `/api/v1/sms/logs/${id}`, { token: a.token })).body.data;
    expect(await log(delivered.id)).toMatchObject({ receiveStatus: 'SUCCESS', receiveCode: 'DELIVERED' });
    // the wrong token is still refused
    expect((await t.call('POST', receiptPath.replace(/token=.*/, 'token=x'), { body: [] })).status).toBe(401);

    // 72 hours on, the message that never got its receipt is closed
    const later = new Date(t.clock.now().getTime() + 73 * 3600_000);
    expect(await runJobOnce(t.database.db, smsNoReceiptJob('k'.repeat(40)), later)).toMatchObject({
      closed: expect.any(Number),
    });
    expect((await log(silent.id)).receiveStatus).toBe('NO_RECEIPT');
    expect(smsLogRow.parse(await log(silent.id)).receiveStatus).toBe('NO_RECEIPT');
    // no Aliyun message awaits a receipt any more: its URL is closed
    const late = await t.call('POST', receiptPath, { body: receipt(silent) });
    expect(late.status).toBe(401);
    expect(late.body.msg).toBe('回执令牌无效');
  });
});
