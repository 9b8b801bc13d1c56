import { callRow as callRowSchema, numberRow } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { runJobOnce } from '../../src/jobs/scheduler';
import { callNumberHealthJob, runLowConnectRate, smsReviewSyncJob } from '../../src/modules/calls/jobs';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { configureProvider, createNumber, eventually, followUpsOf } from '../support/calls';
import { createClient, rowOf, setClient, staff } from '../support/clients';
import { startAliyunServer } from '../support/provider-servers';
import { expectListShape } from '../support/shape';

let t: TestApp;
let admin: string;
let chakan: string;
let zhongtai: string;
let a: { id: number; token: string; username: string };
let b: { id: number; token: string; username: string };

beforeAll(async () => {
  t = await createTestApp();
  t.clock.current = new Date('2026-11-05T02:00:00Z'); // 10:00 in Shanghai
  admin = await t.login('admin', ADMIN_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  a = await staff(t, admin, 'call_a', { dept: '销售一组', nickname: '外呼甲' });
  b = await staff(t, admin, 'call_b', { dept: '销售二组', nickname: '外呼乙' });
  await configureProvider(t, admin, 'call', { sandboxSuccessRate: 100, sandboxDelayMs: 0 });
});
afterAll(async () => t.close());

const N = '/api/v1/call/numbers';
const dial = (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/calls', { token, body });
/** Takes every available number (the demo's, earlier tests') out of use; `resume` puts them back. */
const pauseOtherNumbers = async () =>
  (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`UPDATE caller_number SET status = 'DISABLED' WHERE status = 'AVAILABLE' RETURNING id`,
    )
  ).map((r) => Number(r.id));
const resume = (ids: number[]) =>
  ids.length
    ? t.database.db.execute(
        sql`UPDATE caller_number SET status = 'AVAILABLE' WHERE id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      )
    : Promise.resolve();
const callRow = async (id: number) =>
  (
    await queryRows<Record<string, unknown>>(t.database.db, sql`SELECT * FROM call_record WHERE id = ${id}`)
  )[0];

describe('caller numbers', () => {
  it('validates beside the fields and refuses a duplicate number', async () => {
    const bad = await t.call('POST', N, {
      token: admin,
      body: { number: 'abc', numberType: 'FAX', callWindowStart: '20:00', callWindowEnd: '09:00' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.fields).sort()).toEqual(['number', 'numberType']);
    const order = await t.call('POST', N, {
      token: admin,
      body: {
        number: '01012345678',
        numberType: 'LANDLINE',
        callWindowStart: '20:00',
        callWindowEnd: '09:00',
      },
    });
    expect(order.body.data.fields.callWindowEnd).toBe('结束时间须晚于开始时间');
    const n = await createNumber(t, admin, { number: '010-8888-1234' });
    expect(n.number).toBe('01088881234');
    const dup = await t.call('POST', N, {
      token: admin,
      body: { number: '01088881234', numberType: 'LANDLINE' },
    });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields.number).toBe('该号码已存在');
    const unknown = await t.call('POST', N, {
      token: admin,
      body: { number: '01088881239', numberType: 'LANDLINE', x: 1 },
    });
    expect(unknown.status).toBe(400);
  });

  it('writes only with call.number.write; siyu sees the numbers assigned to them or to nobody', async () => {
    const mine = await createNumber(t, admin, { assignedUserIds: [a.id] });
    const theirs = await createNumber(t, admin, { assignedUserIds: [b.id] });
    const open = await createNumber(t, admin);
    for (const token of [a.token, chakan, zhongtai]) {
      const res = await t.call('POST', N, { token, body: { number: '01077776666', numberType: 'LANDLINE' } });
      expect(res.status).toBe(403);
    }
    const listA = await t.call('GET', `${N}?pageSize=100`, { token: a.token });
    const ids = listA.body.data.items.map((x: { id: number }) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(theirs.id);
    expect((await t.call('GET', `${N}/${theirs.id}`, { token: a.token })).status).toBe(404);
    const listChakan = await t.call('GET', `${N}?pageSize=100`, { token: chakan });
    expect(listChakan.body.data.items.map((x: { id: number }) => x.id)).toContain(theirs.id);
    // The total is the scope's count on every page (carried by the page's rows), and past the end.
    const visibleToA = ids.length;
    expectListShape(listA.body, numberRow);
    expect(listA.body.data.total).toBe(visibleToA);
    for (const page of [1, 2, visibleToA + 1]) {
      const res = await t.call('GET', `${N}?pageSize=1&page=${page}`, { token: a.token });
      expect(res.body.data.items, `page ${page}`).toHaveLength(page <= visibleToA ? 1 : 0);
      expect(res.body.data.total, `page ${page}`).toBe(visibleToA);
    }
    const row = listA.body.data.items.find((x: { id: number }) => x.id === mine.id);
    expect(row).toMatchObject({
      assignedUserNames: ['外呼甲'],
      todayCalls: 0,
      calls7d: 0,
      connectRate7d: null,
    });
  });

  it('assigns to users and departments (replace or add) and updates with the version', async () => {
    const n = await createNumber(t, admin, { assignedUserIds: [b.id] });
    const res = await t.call('POST', `${N}/assign`, {
      token: admin,
      body: { ids: [n.id, 999999], userIds: [a.id], deptIds: [], mode: 'add' },
    });
    expect(res.body.data.succeeded).toBe(1);
    expect(res.body.data.results[1]).toMatchObject({ id: 999999, ok: false, code: 404 });
    const got = await t.call('GET', `${N}/${n.id}`, { token: a.token });
    expect(got.body.data.assignedUserIds.sort()).toEqual([a.id, b.id].sort());
    const stale = await t.call('PUT', `${N}/${n.id}`, {
      token: admin,
      body: { number: n.number, numberType: 'LANDLINE', status: 'DISABLED', version: n.version },
    });
    expect(stale.status).toBe(409);
    const fresh = await t.call('PUT', `${N}/${n.id}`, {
      token: admin,
      body: { number: n.number, numberType: 'LANDLINE', status: 'DISABLED', version: got.body.data.version },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.status).toBe('DISABLED');
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE target_type = 'caller_number' AND target_id = ${String(n.id)} ORDER BY id`,
    );
    expect(audit.map((x) => x.action)).toEqual([
      'call.number.create',
      'call.number.assign',
      'call.number.update',
    ]);
  });

  it('assigns a number to a department in the form: its staff see and dial with it, others do not', async () => {
    const depts = await queryRows<{ id: number; name: string }>(
      t.database.db,
      sql`SELECT id, name FROM department WHERE name IN ('销售一组', '销售二组')`,
    );
    const one = Number(depts.find((d) => d.name === '销售一组')?.id);
    const two = Number(depts.find((d) => d.name === '销售二组')?.id);
    const bad = await t.call('POST', N, {
      token: admin,
      body: { number: '01055550001', numberType: 'LANDLINE', assignedDeptIds: [999999] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('assignedDeptIds');
    const n = await createNumber(t, admin, { assignedDeptIds: [two] });
    expect(n).toMatchObject({ assignedDeptIds: [two], assignedDeptNames: ['销售二组'] });
    const seen = async (token: string) =>
      (await t.call('GET', `${N}?pageSize=100`, { token })).body.data.items.map((x: { id: number }) => x.id);
    expect(await seen(b.token)).toContain(n.id);
    expect(await seen(a.token)).not.toContain(n.id);
    const paused = await pauseOtherNumbers();
    try {
      await t.database.db.execute(sql`UPDATE caller_number SET status = 'AVAILABLE' WHERE id = ${n.id}`);
      const cb = await createClient(t, b.token);
      expect((await dial(b.token, { clientId: cb.id })).body.data.call.numberId).toBe(n.id);
      const ca = await createClient(t, a.token);
      expect((await dial(a.token, { clientId: ca.id })).status).toBe(422);
      // moved to the other department in the edit form (with its version): now a's, not b's
      const cur = (await t.call('GET', `${N}/${n.id}`, { token: admin })).body.data;
      const moved = await t.call('PUT', `${N}/${n.id}`, {
        token: admin,
        body: {
          number: cur.number,
          numberType: cur.numberType,
          assignedDeptIds: [one],
          concurrency: 5,
          status: 'AVAILABLE',
          version: cur.version,
        },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({ assignedDeptIds: [one], assignedDeptNames: ['销售一组'] });
      expect(await seen(a.token)).toContain(n.id);
      expect(await seen(b.token)).not.toContain(n.id);
      expect((await dial(a.token, { clientId: ca.id })).body.data.call.numberId).toBe(n.id);
      expect((await dial(b.token, { clientId: cb.id })).status).toBe(422);
    } finally {
      await resume(paused);
    }
  });

  it('imports a sheet with a result per row', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('numbers');
    ws.addRow(['号码', '类型', '城市', '每日上限', '并发']);
    ws.addRow(['01066660001', 'LANDLINE', '北京', 300, 2]);
    ws.addRow(['bad', 'LANDLINE', '', '', '']);
    ws.addRow(['01066660001', 'LANDLINE', '', '', '']);
    ws.addRow(['01088881234', 'LANDLINE', '', '', '']); // stored by an earlier test
    ws.addRow(['4001234567', 'N400', '', 50, '']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----calls-import';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="numbers.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${N}/import`,
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.data.succeeded).toBe(2);
    expect(body.data.results.map((r: { ok: boolean; msg: string }) => [r.ok, r.msg])).toEqual([
      [true, 'ok'],
      [false, '格式错误：number'],
      [false, '号码重复'],
      [false, '号码重复'],
      [true, 'ok'],
    ]);
    const siyu = await t.app.inject({
      method: 'POST',
      url: `${N}/import`,
      headers: {
        authorization: `Bearer ${a.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload,
    });
    expect(siyu.statusCode).toBe(403);
  });
});

describe('calling a client', () => {
  it('calls through the sandbox: panel with the rendered script, receipts end the call, a CALL follow-up', async () => {
    const script = await t.call('POST', '/api/v1/call/scripts', {
      token: admin,
      body: {
        title: '开场白',
        category: 'OPENING',
        content: '<p>{客户称呼}您好，我是{销售姓名}</p><script>alert(1)</script>',
        qaPairs: [{ question: '{学生姓名}学得怎么样？', answer: '很好' }],
      },
    });
    await t.call('POST', `/api/v1/call/scripts/${script.body.data.id}/publish`, { token: admin });
    const n = await createNumber(t, admin, { assignedUserIds: [a.id], mode: 'FIXED' });
    const c = await createClient(t, a.token, { name: '王<b>妈妈</b>', studentName: '小明' });
    const res = await dial(a.token, { clientId: c.id });
    expect(res.status).toBe(200);
    const { call, scripts } = res.body.data;
    expect(call).toMatchObject({ numberId: n.id, clientId: c.id, userName: '外呼甲', provider: 'sandbox' });
    expect(call.callee).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(JSON.stringify(res.body)).not.toContain(c.mobile);
    const s = scripts.find((x: { id: number }) => x.id === script.body.data.id);
    expect(s.content).toBe('<p>王&lt;b&gt;妈妈&lt;/b&gt;您好，我是外呼甲</p>');
    expect(s.qaPairs[0].question).toBe('小明学得怎么样？');

    // With no delay the sandbox's RING, ANSWER and END race (each its own transaction): END may
    // land first; the ANSWER that follows still fills answered_at (out-of-order receipts).
    const ended = await eventually(async () => {
      const r = await t.call('GET', `/api/v1/calls/${call.id}`, { token: a.token });
      return r.body.data.status === 'ENDED' && r.body.data.answeredAt ? r.body.data : null;
    });
    expect(ended.answeredAt).not.toBeNull();
    expect(ended.talkSeconds).toBeGreaterThanOrEqual(8);
    expect(ended.followUpId).not.toBeNull();
    const fu = await followUpsOf(t, c.id);
    expect(fu).toEqual([
      expect.objectContaining({
        source: 'CALL',
        type: 'CALL',
        call_record_id: call.id,
        talk_seconds: ended.talkSeconds,
      }),
    ]);
    expect(fu[0]?.counts_as_contact).toBe(ended.talkSeconds >= 30);
    const timeline = await t.call('GET', `/api/v1/clients/${c.id}/timeline`, { token: a.token });
    const item = timeline.body.data.items.find(
      (i: { kind: string; type: string }) => i.kind === 'FOLLOW_UP' && i.type === 'CALL',
    );
    expect(item.detail).toMatchObject({
      source: 'CALL',
      callRecordId: call.id,
      talkSeconds: ended.talkSeconds,
    });
    const numberCalls = await t.call('GET', `${N}/${n.id}/calls`, { token: admin });
    expect(numberCalls.body.data.items.map((x: { id: number }) => x.id)).toEqual([call.id]);
    const clientCalls = await t.call('GET', `/api/v1/calls?clientId=${c.id}`, { token: chakan });
    expectListShape(clientCalls.body, callRowSchema);
    expect(clientCalls.body.data.total).toBe(1);
    const number = await t.call('GET', `${N}/${n.id}`, { token: admin });
    expect(number.body.data).toMatchObject({ todayCalls: 1, activeCalls: 0, calls7d: 1, connectRate7d: 1 });
  });

  it('refuses do-not-call clients, other owners\u2019 clients, chakan and zhongtai', async () => {
    await createNumber(t, admin, { assignedUserIds: [a.id, b.id] });
    const dnc = await createClient(t, a.token);
    await setClient(t, dnc.id, { doNotCall: true });
    const r1 = await dial(a.token, { clientId: dnc.id });
    expect(r1.status).toBe(422);
    expect(r1.body.msg).toBe('该客户已设置为免打扰，不能外呼');
    const other = await createClient(t, b.token);
    const r2 = await dial(a.token, { clientId: other.id });
    expect(r2.status).toBe(400);
    expect(r2.body.data.fields.clientId).toBeTruthy();
    expect((await dial(chakan, { clientId: other.id })).status).toBe(403);
    expect((await dial(zhongtai, { clientId: other.id })).status).toBe(403);
    const pool = await createClient(t, admin);
    await setClient(t, pool.id, { ownerUserId: null, ownerDeptId: null });
    const r3 = await dial(a.token, { clientId: pool.id });
    expect(r3.status).toBe(422);
    expect(r3.body.msg).toBe('只能外呼或发短信给自己负责的客户');
    const count = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM call_record WHERE client_id IN (${dnc.id}, ${other.id}, ${pool.id})`,
    );
    expect(count[0]?.n).toBe(0);
  });

  it('uses only numbers inside their window and under their daily limit', async () => {
    const solo = await staff(t, admin, 'call_solo', { dept: '销售一组' });
    // every other number is assigned to someone else: disable the open ones for this test
    const paused = await pauseOtherNumbers();
    const late = await createNumber(t, admin, {
      assignedUserIds: [solo.id],
      callWindowStart: '18:00',
      callWindowEnd: '21:00',
    });
    const c = await createClient(t, solo.token);
    const out = await dial(solo.token, { clientId: c.id });
    expect(out.status).toBe(422);
    // The actual cause and when calling will work (10:00 now; the only number opens at 18:00).
    expect(out.body.msg).toBe('现在不在外呼时段，今天 18:00 起可以外呼');
    const one = await createNumber(t, admin, { assignedUserIds: [solo.id], dailyLimit: 1, concurrency: 5 });
    expect((await dial(solo.token, { clientId: c.id })).body.data.call.numberId).toBe(one.id);
    const second = await dial(solo.token, { clientId: c.id });
    expect(second.status).toBe(422);
    // a count from another Shanghai day does not hold: the quota is fresh
    await t.database.db.execute(sql`UPDATE caller_number SET today_key = '2026-11-04' WHERE id = ${one.id}`);
    const next = await dial(solo.token, { clientId: c.id });
    expect(next.status).toBe(200);
    expect(late.id).toBeGreaterThan(0);
    await resume(paused);
  });

  it('a refused call says its actual cause and when calling will work', async () => {
    const lone = await staff(t, admin, 'call_lone', { dept: '销售一组' });
    const paused = await pauseOtherNumbers();
    const c = await createClient(t, lone.token);
    const msg = async () => {
      const out = await dial(lone.token, { clientId: c.id });
      expect(out.status).toBe(422);
      return out.body.msg as string;
    };
    expect(await msg()).toBe('没有分配给你的外呼号码，请联系管理员分配');
    const early = await createNumber(t, admin, {
      assignedUserIds: [lone.id],
      callWindowStart: '08:30',
      callWindowEnd: '09:30',
    });
    expect(await msg()).toBe('今天的外呼时段已结束，明天 08:30 起可以外呼');
    const busy = await createNumber(t, admin, { assignedUserIds: [lone.id], concurrency: 1, dailyLimit: 5 });
    await t.database.db.execute(sql`UPDATE caller_number SET active_calls = 1 WHERE id = ${busy.id}`);
    expect(await msg()).toBe('外呼线路全忙，请稍后再试');
    const day = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await t.database.db.execute(
      sql`UPDATE caller_number SET today_key = ${day}, today_calls = daily_limit, active_calls = 0
          WHERE id IN (${early.id}, ${busy.id})`,
    );
    expect(await msg()).toBe('今日外呼额度已用完，明天 08:30 起可以外呼');
    const en = await t.call('POST', '/api/v1/calls', {
      token: lone.token,
      body: { clientId: c.id },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.msg).toBe("Today's call quota is used up: calling works again from 08:30 tomorrow");
    await resume(paused);
  });

  it('20 concurrent calls on a number with 5 calls left today start exactly 5', async () => {
    const racer = await staff(t, admin, 'call_race', { dept: '销售一组' });
    const paused = await pauseOtherNumbers();
    await configureProvider(t, admin, 'call', { sandboxSuccessRate: 100, sandboxDelayMs: 60_000 });
    const n = await createNumber(t, admin, { assignedUserIds: [racer.id], dailyLimit: 8, concurrency: 50 });
    const day = new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await t.database.db.execute(
      sql`UPDATE caller_number SET today_key = ${day}, today_calls = 3 WHERE id = ${n.id}`,
    );
    const c = await createClient(t, racer.token);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => dial(racer.token, { clientId: c.id })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(15);
    const [row] = await queryRows<{ today_calls: number; active_calls: number }>(
      t.database.db,
      sql`SELECT today_calls, active_calls FROM caller_number WHERE id = ${n.id}`,
    );
    expect(row).toEqual({ today_calls: 8, active_calls: 5 });
    await configureProvider(t, admin, 'call', { sandboxSuccessRate: 100, sandboxDelayMs: 0 });
    await resume(paused);
  });
});

describe('Aliyun privacy-number receipts', () => {
  let srv: Awaited<ReturnType<typeof startAliyunServer>>;
  let receiptPath: string;
  let seller: { id: number; token: string; username: string };
  beforeAll(async () => {
    srv = await startAliyunServer(
      { LTAIcall: 'call-secret' },
      (action, p) =>
        action === 'BindAxb'
          ? { Code: 'OK', SecretBindDTO: { SubsId: `S${srv.captured.length}`, SecretNo: p.PhoneNoX } }
          : { Code: 'isv.INVALID_PARAMETERS', Message: 'no such binding' },
      { now: t.clock.now },
    );
    seller = await staff(t, admin, 'call_pls', { dept: '销售一组' });
    await t.database.db.execute(sql`UPDATE admin_user SET mobile = '13600000001' WHERE id = ${seller.id}`);
    const cfg = await configureProvider(t, admin, 'call', {
      provider: 'aliyun_pls',
      accessKeyId: 'LTAIcall',
      accessKeySecret: 'call-secret',
      endpoint: `http://${srv.endpoint}`,
      appId: 'FC100000',
    });
    receiptPath = cfg.receiptPath;
  });
  afterAll(async () => {
    await configureProvider(t, admin, 'call', { provider: 'sandbox' });
    await srv.close();
  });

  const report = (recordId: number, callId: string, talk: number) => ({
    pool_key: 'FC100000',
    sub_id: 'S1',
    call_id: callId,
    call_time: '2026-11-05 10:00:00',
    ring_time: '2026-11-05 10:00:03',
    start_time: '2026-11-05 10:00:10',
    release_time: `2026-11-05 10:0${Math.floor((10 + talk) / 60)}:${String((10 + talk) % 60).padStart(2, '0')}`,
    release_dir: 1,
    release_cause: 16,
    record_url: `https://record.example/${callId}.mp3`,
    out_id: String(recordId),
  });

  it('keeps the secret write-only and tests the connection', async () => {
    const got = await t.call('GET', '/api/v1/call/providers/call', { token: admin });
    expect(got.body.data.secretHint).toEqual({ set: true, last4: 'cret' });
    expect(JSON.stringify(got.body)).not.toContain('call-secret');
    const [stored] = await queryRows<{ secret_sealed: string }>(
      t.database.db,
      sql`SELECT secret_sealed FROM provider_config WHERE kind = 'call'`,
    );
    expect(stored?.secret_sealed).toMatch(/^sb1\./);
    const test = await t.call('POST', '/api/v1/call/providers/call/test', { token: admin });
    expect(test.body.data).toEqual({ ok: true, message: '连接成功' });
    expect((await t.call('GET', '/api/v1/call/providers/call', { token: a.token })).status).toBe(403);
    expect((await t.call('GET', '/api/v1/call/providers/call', { token: chakan })).status).toBe(403);
  });

  it('binds AXB, and a SecretReport ends the call once (a duplicate changes nothing); >= 30 s resets the timer', async () => {
    const n = await createNumber(t, admin, {
      assignedUserIds: [seller.id],
      provider: 'aliyun_pls',
      numberType: 'PRIVACY_X',
      number: '17000000003',
    });
    const c = await createClient(t, seller.token);
    await setClient(t, c.id, { lastFollowTime: null });
    const res = await dial(seller.token, { clientId: c.id, numberId: n.id });
    expect(res.status).toBe(200);
    const recordId = res.body.data.call.id;
    expect(srv.captured.at(-1)?.params).toMatchObject({
      PhoneNoA: '13600000001',
      PhoneNoB: c.mobile,
      PhoneNoX: n.number,
      OutId: String(recordId),
    });
    expect(res.body.data.call.callId).toBe(`S${srv.captured.length}`);

    const wrong = await t.call('POST', receiptPath.replace(/token=.*/, 'token=nope'), {
      body: [report(recordId, 'c1', 55)],
    });
    expect(wrong.status).toBe(401);
    const ok1 = await t.call('POST', receiptPath, { body: [report(recordId, 'c1', 55)] });
    expect(ok1.status).toBe(200);
    expect(ok1.body).toEqual({ code: 0, msg: '接收成功' });
    const after1 = await callRow(recordId);
    expect(after1).toMatchObject({
      status: 'ENDED',
      talk_seconds: 55,
      hangup_by: 'CALLER',
      recording_url: 'https://record.example/c1.mp3',
    });
    const client1 = await rowOf(t, c.id);
    expect(client1.lastFollowTime).not.toBeNull();
    const fu1 = await followUpsOf(t, c.id);
    expect(fu1).toHaveLength(1);
    expect(fu1[0]).toMatchObject({ counts_as_contact: true, talk_seconds: 55 });
    const number1 = await t.call('GET', `${N}/${n.id}`, { token: admin });

    const again = await t.call('POST', receiptPath, { body: [report(recordId, 'c1', 55)] });
    expect(again.status).toBe(200);
    expect(await callRow(recordId)).toEqual(after1);
    expect(await followUpsOf(t, c.id)).toEqual(fu1);
    expect((await rowOf(t, c.id)).version).toBe(client1.version);
    const number2 = await t.call('GET', `${N}/${n.id}`, { token: admin });
    expect(number2.body.data.activeCalls).toBe(number1.body.data.activeCalls);
    const timeline = await t.call('GET', `/api/v1/clients/${c.id}/timeline`, { token: seller.token });
    expect(
      timeline.body.data.items.find((i: { type: string }) => i.type === 'CALL').detail.recordingUrl,
    ).toBe('https://record.example/c1.mp3');
  });

  it('a short call (< 30 s) writes a follow-up that does not reset the recycle timer', async () => {
    const c = await createClient(t, seller.token);
    await setClient(t, c.id, { lastFollowTime: null });
    const n = await createNumber(t, admin, {
      assignedUserIds: [seller.id],
      provider: 'aliyun_pls',
      numberType: 'PRIVACY_X',
    });
    const res = await dial(seller.token, { clientId: c.id, numberId: n.id });
    const recordId = res.body.data.call.id;
    await t.call('POST', receiptPath, { body: [report(recordId, 'c2', 20)] });
    const fu = await followUpsOf(t, c.id);
    expect(fu).toEqual([
      expect.objectContaining({ source: 'CALL', talk_seconds: 20, counts_as_contact: false }),
    ]);
    expect((await rowOf(t, c.id)).lastFollowTime).toBeNull();
  });

  it('refuses a receipt body that is not the provider format', async () => {
    const res = await t.call('POST', receiptPath, { body: { not: 'an array' } });
    expect(res.status).toBe(400);
  });
});

describe('out-of-order sandbox receipts', () => {
  it('an END before RING and ANSWER keeps the call ended, times merged, one follow-up', async () => {
    const { CallService } = await import('../../src/modules/calls/calls.service');
    const { NumberService } = await import('../../src/modules/calls/numbers.service');
    const { ScriptService } = await import('../../src/modules/calls/scripts.service');
    const { FollowUpService } = await import('../../src/modules/clients/follow-ups.service');
    const { ProviderRegistry } = await import('../../src/providers/registry');
    const db = t.database.db;
    const svc = new CallService(
      db,
      t.clock.now,
      new ProviderRegistry(db, 'k'.repeat(40), t.clock.now),
      new NumberService(db, t.clock.now),
      new ScriptService(db, t.clock.now),
      new FollowUpService(db, t.clock.now),
    );
    const c = await createClient(t, a.token);
    const [rec] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO call_record (provider, call_id, user_id, client_id, status) VALUES ('sandbox', 'ooo-1', ${a.id}, ${c.id}, 'DIALING') RETURNING id`,
    );
    const id = Number(rec?.id);
    const at = (s: number) => new Date(Date.UTC(2026, 10, 5, 2, 0, s));
    const base = { recordId: id, callId: 'ooo-1', raw: {} };
    await svc.applyReceipts('sandbox', [
      { ...base, key: 'ooo-1:END', event: 'END', endedAt: at(50), talkSeconds: 40, statusCode: 'ANSWERED' },
    ]);
    await svc.applyReceipts('sandbox', [
      { ...base, key: 'ooo-1:ANSWER', event: 'ANSWER', answeredAt: at(10) },
      { ...base, key: 'ooo-1:RING', event: 'RING', ringAt: at(3) },
      { ...base, key: 'ooo-1:END', event: 'END', endedAt: at(59), talkSeconds: 49 },
    ]);
    const row = await callRow(id);
    expect(row).toMatchObject({ status: 'ENDED', talk_seconds: 40 });
    expect(new Date(row?.ring_at as string).toISOString()).toBe(at(3).toISOString());
    expect(new Date(row?.answered_at as string).toISOString()).toBe(at(10).toISOString());
    expect(new Date(row?.ended_at as string).toISOString()).toBe(at(50).toISOString());
    expect(await followUpsOf(t, c.id)).toHaveLength(1);
  });
});

describe('low connect rate', () => {
  it('flags numbers under the threshold over >= the minimum calls and notifies the admins once', async () => {
    const low = await createNumber(t, admin);
    const fine = await createNumber(t, admin);
    const few = await createNumber(t, admin);
    const db = t.database.db;
    const now = t.clock.now();
    const insert = (numberId: number, calls: number, answered: number) =>
      db.execute(sql`INSERT INTO call_record (provider, number_id, status, started_at, answered_at)
        SELECT 'sandbox', ${numberId}, 'ENDED', ${new Date(now.getTime() - 3600_000)}::timestamptz - (g || ' minutes')::interval,
               CASE WHEN g <= ${answered} THEN ${now}::timestamptz END
        FROM generate_series(1, ${calls}) g`);
    await insert(low.id, 120, 10); // 8%
    await insert(fine.id, 120, 40); // 33%
    await insert(few.id, 50, 1); // under the minimum of 100 calls
    const first = await runLowConnectRate(db, now);
    expect(first).toEqual({ flagged: 1, notified: 1 });
    const rows = await queryRows<{ id: number; status: string }>(
      db,
      sql`SELECT id, status FROM caller_number WHERE id IN (${low.id}, ${fine.id}, ${few.id}) ORDER BY id`,
    );
    expect(rows.map((r) => r.status)).toEqual(['FLAGGED', 'AVAILABLE', 'AVAILABLE']);
    expect(await runLowConnectRate(db, now)).toEqual({ flagged: 0, notified: 0 });
    const inbox = await t.call('GET', '/api/v1/notifications', {
      token: admin,
      headers: { 'accept-language': 'en' },
    });
    const note = inbox.body.data.items.find((x: { kind: string }) => x.kind === 'CALLER_NUMBER_FLAGGED');
    expect(note.title).toBe('Caller numbers with a low connect rate');
    expect(note.content).toContain(`${low.number}(8%)`);
    const siyuInbox = await t.call('GET', '/api/v1/notifications', { token: a.token });
    expect(siyuInbox.body.data.items.some((x: { kind: string }) => x.kind === 'CALLER_NUMBER_FLAGGED')).toBe(
      false,
    );
    const enable = await t.call('POST', `${N}/${low.id}/status`, {
      token: admin,
      body: {
        status: 'AVAILABLE',
        version: (await t.call('GET', `${N}/${low.id}`, { token: admin })).body.data.version,
      },
    });
    expect(enable.body.data).toMatchObject({ status: 'AVAILABLE', flaggedAt: null });
  });

  it('runs as scheduled jobs: the health job closes calls that never got a receipt; the review sync runs', async () => {
    const db = t.database.db;
    const c = await createClient(t, a.token);
    const old = new Date(t.clock.now().getTime() - 3 * 3600_000);
    const [rec] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO call_record (provider, user_id, client_id, status, started_at) VALUES ('sandbox', ${a.id}, ${c.id}, 'RINGING', ${old}) RETURNING id`,
    );
    const counts = await runJobOnce(db, callNumberHealthJob('k'.repeat(40)), t.clock.now());
    expect(counts).toMatchObject({ closed: 1 });
    expect(await callRow(Number(rec?.id))).toMatchObject({ status: 'ENDED', status_code: 'NO_RECEIPT' });
    expect(await followUpsOf(t, c.id)).toEqual([
      expect.objectContaining({ source: 'CALL', talk_seconds: 0, counts_as_contact: false }),
    ]);
    expect(await runJobOnce(db, smsReviewSyncJob('k'.repeat(40)), t.clock.now())).toMatchObject({
      failed: 0,
    });
  });
});
