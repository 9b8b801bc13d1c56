import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcSignature } from '../../src/providers/aliyun-rpc';
import { AliyunPlsProvider } from '../../src/providers/call/aliyun-pls';
import { SandboxCallProvider } from '../../src/providers/call/sandbox';
import type { CallReceipt } from '../../src/providers/call/types';
import { AliyunSmsProvider } from '../../src/providers/sms/aliyun';
import { SandboxSmsProvider } from '../../src/providers/sms/sandbox';
import { TencentSmsProvider } from '../../src/providers/sms/tencent';
import type { SmsReceipt } from '../../src/providers/sms/types';
import { aliyunV1Verify, startAliyunServer, startTencentServer } from '../support/provider-servers';

describe('signatures against the documented vectors', () => {
  it('Aliyun RPC V1 reproduces the SMS documentation example', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // the test server's independent verifier agrees
    expect(aliyunV1Verify('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(rpcSignature('GET', params, 'wrongSecret')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });
});

describe('Aliyun SMS against a local dysmsapi server', () => {
  let srv: Awaited<ReturnType<typeof startAliyunServer>>;
  beforeAll(async () => {
    srv = await startAliyunServer({ LTAItest: 'right-secret' }, (action, p) => {
      if (action === 'SendSms') {
        if (p.PhoneNumbers === '13900000000')
          return { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发小时级流控Permits:5' };
        return { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' };
      }
      if (action === 'CreateSmsTemplate') return { Code: 'OK', Message: 'OK', TemplateCode: 'SMS_152550005' };
      if (action === 'GetSmsTemplate')
        return p.TemplateCode === 'SMS_152550005'
          ? {
              Code: 'OK',
              TemplateStatus: '2',
              AuditInfo: { RejectInfo: '模板内容含有链接', AuditDate: '2026-11-24 10:00:00' },
            }
          : { Code: 'OK', TemplateStatus: '1' };
      if (action === 'CreateSmsSign') return { Code: 'OK', SignName: p.SignName };
      if (action === 'QuerySmsSign') return { Code: 'OK', SignStatus: 0, Reason: '' };
      if (action === 'QuerySmsTemplateList') return { Code: 'OK', SmsTemplateList: [] };
      return { Code: 'isv.UNKNOWN_ACTION', Message: action };
    });
  });
  afterAll(async () => srv.close());
  const client = (secret = 'right-secret') =>
    new AliyunSmsProvider({
      accessKeyId: 'LTAItest',
      accessKeySecret: secret,
      endpoint: `http://${srv.endpoint}`,
    });

  it('sends with a signature the server accepts, passing the template params as JSON and our OutId', async () => {
    const r = await client().send({
      mobile: '13800000000',
      signName: '某某教育',
      templateCode: 'SMS_1',
      params: { name: '张三', course: '数学' },
      paramOrder: ['name', 'course'],
      outId: '42',
    });
    expect(r).toMatchObject({ ok: true, code: 'OK', bizId: '900619746936498440^0' });
    const last = srv.captured.at(-1);
    expect(last?.action).toBe('SendSms');
    expect(last?.params).toMatchObject({ SignName: '某某教育', OutId: '42', TemplateCode: 'SMS_1' });
    expect(JSON.parse(String(last?.params.TemplateParam))).toEqual({ name: '张三', course: '数学' });
  });

  it('reports a business error (HTTP 200, Code != OK) as a failed send', async () => {
    const r = await client().send({
      mobile: '13900000000',
      signName: 'x',
      templateCode: 'SMS_1',
      params: {},
      paramOrder: [],
      outId: '1',
    });
    expect(r.ok).toBe(false);
    expect(r.code).toBe('isv.BUSINESS_LIMIT_CONTROL');
  });

  it('is refused by the server with a wrong secret, as Aliyun refuses it', async () => {
    const before = srv.captured.length;
    const r = await client('wrong-secret').send({
      mobile: '13800000000',
      signName: 'x',
      templateCode: 'SMS_1',
      params: {},
      paramOrder: [],
      outId: '1',
    });
    expect(r).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    await expect(client('wrong-secret').test()).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    expect(srv.captured.length).toBe(before);
  });

  it('submits templates and signatures and reads their review', async () => {
    const code = await client().submitTemplate({
      name: '开课提醒',
      content: '您好${name}，课程${course}即将开始',
      type: 'NOTICE',
      remark: '开课通知',
    });
    expect(code).toBe('SMS_152550005');
    expect(srv.captured.at(-1)?.params).toMatchObject({ TemplateType: '1', TemplateName: '开课提醒' });
    expect(await client().templateState('SMS_152550005')).toEqual({
      status: 'REJECTED',
      reason: '模板内容含有链接',
    });
    expect(await client().templateState('SMS_2')).toEqual({ status: 'APPROVED', reason: '' });
    await client().submitSign({ name: '某某教育', source: 0, remark: '公司全称' });
    expect(await client().signState('某某教育')).toEqual({ status: 'PENDING', reason: '' });
    await expect(client().test()).resolves.toBeUndefined();
  });

  it('parses SmsReport pushes and answers them as Aliyun expects', () => {
    const r = client().parseReceipts([
      {
        phone_number: '13800000000',
        send_time: '2026-11-24 10:00:00',
        report_time: '2026-11-24 10:00:05',
        success: true,
        err_code: 'DELIVERED',
        err_msg: '用户接收成功',
        sms_size: '1',
        biz_id: '900619746936498440^0',
        out_id: '42',
      },
    ]);
    expect(r).toEqual([
      {
        bizId: '900619746936498440^0',
        outId: '42',
        mobile: '13800000000',
        success: true,
        code: 'DELIVERED',
        message: '用户接收成功',
        at: new Date('2026-11-24T02:00:05Z'),
      },
    ]);
    expect(client().receiptAck()).toEqual({ code: 0, msg: '接收成功' });
    expect(() => client().parseReceipts({})).toThrow();
  });
});

describe('Tencent SMS against a local sms.tencentcloudapi.com', () => {
  let srv: Awaited<ReturnType<typeof startTencentServer>>;
  beforeAll(async () => {
    srv = await startTencentServer({ AKIDtest: 'tc-secret' }, (action, b) => {
      if (action === 'SendSms')
        return {
          SendStatusSet: [
            {
              SerialNo: '2019:538884*',
              PhoneNumber: (b.PhoneNumberSet as string[])[0],
              Fee: 1,
              Code: 'Ok',
              Message: 'send success',
            },
          ],
        };
      if (action === 'AddSmsTemplate') return { AddTemplateStatus: { TemplateId: '1110' } };
      if (action === 'DescribeSmsTemplateList')
        return {
          DescribeTemplateStatusSet: [{ TemplateId: 1110, StatusCode: -1, ReviewReply: '变量不规范' }],
        };
      return {};
    });
  });
  afterAll(async () => srv.close());
  const client = (key = 'tc-secret') =>
    new TencentSmsProvider({
      secretId: 'AKIDtest',
      secretKey: key,
      appId: '1400006666',
      region: 'ap-guangzhou',
      endpoint: `http://${srv.endpoint}`,
    });

  it('sends with a TC3 signature the server accepts, params by position', async () => {
    const r = await client().send({
      mobile: '13711112222',
      signName: '腾讯云',
      templateCode: '1110',
      params: { course: '数学', name: '李四' },
      paramOrder: ['name', 'course'],
      outId: '7',
    });
    expect(r).toMatchObject({ ok: true, code: 'Ok', bizId: '2019:538884*' });
    expect(srv.captured.at(-1)?.params).toMatchObject({
      PhoneNumberSet: ['+8613711112222'],
      SmsSdkAppId: '1400006666',
      TemplateParamSet: ['李四', '数学'],
      SessionContext: '7',
    });
  });

  it('is refused with a wrong key (AuthFailure.SignatureFailure)', async () => {
    const before = srv.captured.length;
    const r = await client('bad').send({
      mobile: '13711112222',
      signName: 'x',
      templateCode: '1',
      params: {},
      paramOrder: [],
      outId: '1',
    });
    expect(r).toMatchObject({ ok: false, code: 'AuthFailure.SignatureFailure' });
    await expect(client('bad').test()).rejects.toMatchObject({ code: 'AuthFailure.SignatureFailure' });
    expect(srv.captured.length).toBe(before);
  });

  it('refuses a request signed too long ago (AuthFailure.SignatureExpire)', async () => {
    const old = new TencentSmsProvider({
      secretId: 'AKIDtest',
      secretKey: 'tc-secret',
      appId: '1',
      region: 'ap-guangzhou',
      endpoint: `http://${srv.endpoint}`,
      now: () => new Date(Date.now() - 10 * 60_000),
    });
    await expect(old.test()).rejects.toMatchObject({ code: 'AuthFailure.SignatureExpire' });
  });

  it('submits a template with {1}{2} placeholders and reads a rejection with its reason', async () => {
    const id = await client().submitTemplate({
      name: '开课提醒',
      content: '您好${name}，课程${course}即将开始，${name}请准时',
      type: 'NOTICE',
      remark: 'r',
    });
    expect(id).toBe('1110');
    expect(srv.captured.at(-1)?.params).toMatchObject({
      TemplateContent: '您好{1}，课程{2}即将开始，{1}请准时',
      SmsType: 2,
    });
    expect(await client().templateState('1110')).toEqual({ status: 'REJECTED', reason: '变量不规范' });
  });

  it('parses status callbacks', () => {
    const r = client().parseReceipts([
      {
        user_receive_time: '2015-10-17 08:03:04',
        nationcode: '86',
        mobile: '13711112222',
        report_status: 'FAIL',
        errmsg: 'MK:0001',
        description: '用户关机',
        sid: '2019:538884*',
      },
    ]);
    expect(r[0]).toMatchObject({ bizId: '2019:538884*', success: false, code: 'MK:0001' });
    expect(client().receiptAck()).toEqual({ result: 0, errmsg: 'OK' });
  });
});

describe('Aliyun privacy numbers against a local dyplsapi server', () => {
  let srv: Awaited<ReturnType<typeof startAliyunServer>>;
  beforeAll(async () => {
    srv = await startAliyunServer({ LTAIpls: 'pls-secret' }, (action, p) => {
      if (action === 'BindAxb') {
        if (p.PhoneNoB === '13900000000') return { Code: 'isv.NO_AVAILABLE_NUMBER', Message: '无可用号码' };
        return {
          Code: 'OK',
          Message: 'OK',
          SecretBindDTO: { SubsId: '1000000123', SecretNo: p.PhoneNoX, Extension: '' },
        };
      }
      if (action === 'QuerySubscriptionDetail')
        return { Code: 'isv.INVALID_PARAMETERS', Message: 'not found' };
      return { Code: 'isv.UNKNOWN_ACTION' };
    });
  });
  afterAll(async () => srv.close());
  const client = (secret = 'pls-secret') =>
    new AliyunPlsProvider({
      accessKeyId: 'LTAIpls',
      accessKeySecret: secret,
      endpoint: `http://${srv.endpoint}`,
    });
  const input = {
    recordId: 77,
    callerMobile: '13600000001',
    callee: '13800000002',
    number: '17000000003',
    poolKey: 'FC100000',
    expiresAt: new Date('2026-11-24T03:00:00Z'),
    record: true,
  };

  it('binds A-X-B with our call id as OutId, signed as the server expects', async () => {
    const r = await client().start(input);
    expect(r).toEqual({ callId: '1000000123', displayNumber: '17000000003' });
    expect(srv.captured.at(-1)?.params).toMatchObject({
      Action: 'BindAxb',
      PoolKey: 'FC100000',
      PhoneNoA: '13600000001',
      PhoneNoB: '13800000002',
      PhoneNoX: '17000000003',
      OutId: '77',
      IsRecordingEnabled: 'true',
      Expiration: '2026-11-24 11:00:00',
    });
  });

  it('surfaces business errors and refuses a wrong secret', async () => {
    await expect(client().start({ ...input, callee: '13900000000' })).rejects.toMatchObject({
      code: 'isv.NO_AVAILABLE_NUMBER',
    });
    await expect(client('nope').start(input)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(client().test()).resolves.toBeUndefined();
    await expect(client('nope').test()).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
  });

  it('parses SecretReport CDRs: answered with talk time, unanswered without', () => {
    const [answered, missed] = client().parseReceipts([
      {
        pool_key: 'FC100000',
        sub_id: '1000000123',
        call_id: 'abc-1',
        phone_no: '13600000001',
        secret_no: '17000000003',
        peer_no: '13800000002',
        call_type: 0,
        call_time: '2026-11-24 10:00:00',
        ring_time: '2026-11-24 10:00:03',
        start_time: '2026-11-24 10:00:10',
        release_time: '2026-11-24 10:01:05',
        release_dir: 2,
        release_cause: 16,
        record_url: 'https://record.example/abc-1.mp3',
        out_id: '77',
      },
      {
        sub_id: '1000000124',
        call_id: 'abc-2',
        call_time: '2026-11-24 10:02:00',
        start_time: '2026-11-24 10:02:30',
        release_time: '2026-11-24 10:02:30',
        release_dir: 0,
        unconnected_cause: 'NO_ANSWER',
        out_id: '78',
      },
    ]);
    expect(answered).toMatchObject({
      key: 'report:abc-1',
      recordId: 77,
      callId: '1000000123',
      event: 'END',
      talkSeconds: 55,
      hangupBy: 'CALLEE',
      recordingUrl: 'https://record.example/abc-1.mp3',
      answeredAt: new Date('2026-11-24T02:00:10Z'),
    });
    expect(missed).toMatchObject({
      recordId: 78,
      talkSeconds: 0,
      answeredAt: null,
      statusCode: 'NO_ANSWER',
      hangupBy: 'PLATFORM',
    });
  });
});

describe('sandboxes', () => {
  it('the call sandbox delivers ring, answer and end receipts with the configured connect rate', async () => {
    const got: CallReceipt[] = [];
    const answering = new SandboxCallProvider(
      { connectRate: 100, delayMs: 0, now: () => new Date() },
      async (r) => {
        got.push(...r);
      },
    );
    const r = await answering.start({
      recordId: 1,
      callerMobile: '',
      callee: '13800000000',
      number: '01088886666',
      poolKey: '',
      expiresAt: new Date(),
      record: false,
    });
    await answering.settle();
    expect(got.map((g) => g.event)).toEqual(['RING', 'ANSWER', 'END']);
    expect(got.every((g) => g.callId === r.callId && g.recordId === 1)).toBe(true);
    expect(got[2]?.talkSeconds).toBeGreaterThanOrEqual(8);
    const missed: CallReceipt[] = [];
    const never = new SandboxCallProvider(
      { connectRate: 0, delayMs: 0, now: () => new Date() },
      async (r2) => {
        missed.push(...r2);
      },
    );
    await never.start({
      recordId: 2,
      callerMobile: '',
      callee: '1',
      number: '2',
      poolKey: '',
      expiresAt: new Date(),
      record: false,
    });
    await never.settle();
    expect(missed.map((g) => g.event)).toEqual(['RING', 'END']);
    expect(missed[1]?.talkSeconds).toBe(0);
    expect(missed[1]?.statusCode).not.toBe('ANSWERED');
  });

  it('the SMS sandbox reviews after the delay (rejecting links) and delivers receipts', async () => {
    let now = new Date('2026-11-24T02:00:00Z');
    const got: SmsReceipt[] = [];
    const sms = new SandboxSmsProvider({ successRate: 100, delayMs: 60_000, now: () => now }, async (r) => {
      got.push(...r);
    });
    const ok = await sms.submitTemplate({ name: 'a', content: '您好${name}', type: 'NOTICE', remark: '' });
    const bad = await sms.submitTemplate({
      name: 'b',
      content: '详情见 https://x.cn',
      type: 'PROMOTION',
      remark: '',
    });
    expect(await sms.templateState(ok)).toEqual({ status: 'PENDING', reason: '' });
    now = new Date(now.getTime() + 61_000);
    expect(await sms.templateState(ok)).toEqual({ status: 'APPROVED', reason: '' });
    expect((await sms.templateState(bad)).status).toBe('REJECTED');
    expect((await sms.templateState(bad)).reason).toContain('链接');
    const fast = new SandboxSmsProvider({ successRate: 100, delayMs: 0, now: () => now }, async (r) => {
      got.push(...r);
    });
    const sent = await fast.send({
      mobile: '13800000000',
      signName: 's',
      templateCode: ok,
      params: {},
      paramOrder: [],
      outId: '1',
    });
    await fast.settle();
    expect(got).toEqual([expect.objectContaining({ bizId: sent.bizId, success: true, code: 'DELIVERED' })]);
  });
});
