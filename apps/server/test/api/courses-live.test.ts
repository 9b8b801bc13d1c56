import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../src/jobs/scheduler';
import { liveScheduleJob } from '../../src/modules/courses/jobs';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeClient, userId } from '../support/commerce';
import { startLcicServer } from '../support/lcic-server';

let t: TestApp;
let admin: string;
let zhongtai: string;
let siyu: string;
let chakan: string;
let classId: number;
let lcic: Awaited<ReturnType<typeof startLcicServer>>;
const CREDS = { secretId: 'AKIDlocaltest', secretKey: 'local-secret-key-0123', sdkAppId: 3_520_371 };
const CALLBACK_KEY = 'NjFGoDEy';

const hour = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  lcic = await startLcicServer(CREDS);
  const cls = await t.call('POST', '/api/v1/course/classes', {
    token: zhongtai,
    body: { name: '直播 1 班', code: 'LIVE-1', capacity: 0 },
  });
  classId = cls.body.data.id;
  const owner = await userId(t, 'siyu1');
  for (const [i, m] of ['13200132001', '13200132002', '13200132003'].entries()) {
    await makeClient(t, `家长${i}`, m, owner);
    const add = await t.call('POST', '/api/v1/course/students', {
      token: zhongtai,
      body: { classId, mobile: m },
    });
    expect(add.status).toBe(200);
  }
});
afterAll(async () => {
  await lcic?.close();
  await t?.close();
});

const schedule = (token: string, startMs: number, title = '第 1 讲') =>
  t.call('POST', '/api/v1/course/live-sessions', {
    token,
    body: {
      title,
      classIds: [classId],
      teacherId: null,
      scheduledStart: iso(startMs),
      scheduledEnd: iso(startMs + hour),
    },
  });

describe('sandbox classroom (default)', () => {
  it('schedules, runs by schedule, and fills attendance and replay when it ends', async () => {
    const start = t.clock.now().getTime() + hour;
    const res = await schedule(zhongtai, start);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      provider: 'sandbox',
      status: 'SCHEDULED',
      classNames: ['直播 1 班'],
    });
    expect(res.body.data.watchUrl).toContain('/api/v1/live/sandbox/rooms/');
    const id = res.body.data.id;
    const page = await t.app.inject({ method: 'GET', url: res.body.data.watchUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Sandbox classroom');
    expect((await schedule(siyu, start)).status).toBe(403);
    expect((await schedule(chakan, start)).status).toBe(403);
    const bad = await t.call('POST', '/api/v1/course/live-sessions', {
      token: admin,
      body: { title: 'x', classIds: [classId], scheduledStart: iso(start), scheduledEnd: iso(start - 1) },
    });
    expect(bad.body.data.fields.scheduledEnd).toBeTruthy();
    const job = liveScheduleJob('unused-secret-for-sandbox');
    await runJobOnce(t.database.db, job, new Date(start + 60_000));
    expect(
      (await t.call('GET', `/api/v1/course/live-sessions/${id}`, { token: chakan })).body.data.status,
    ).toBe('LIVE');
    await runJobOnce(t.database.db, job, new Date(start + hour + 29 * 60_000));
    expect(
      (await t.call('GET', `/api/v1/course/live-sessions/${id}`, { token: chakan })).body.data.status,
    ).toBe('LIVE');
    const counts = await runJobOnce(t.database.db, job, new Date(start + hour + 31 * 60_000));
    expect(counts).toMatchObject({ ended: 1, synced: 1 });
    const s = (await t.call('GET', `/api/v1/course/live-sessions/${id}`, { token: siyu })).body.data;
    expect(s).toMatchObject({ status: 'ENDED', replayStatus: 'READY' });
    const att = await t.call('GET', `/api/v1/course/live-sessions/${id}/attendance`, { token: chakan });
    expect(att.body.data.items.length).toBe(s.attendeeCount);
    for (const a of att.body.data.items) expect(a.mobile).toMatch(/^132\*{4}\d{4}$/);
    const list = await t.call(
      'GET',
      `/api/v1/course/live-sessions?classId=${classId}&from=${iso(start - hour)}&to=${iso(start + hour)}`,
      { token: chakan },
    );
    expect(list.body.data.items.map((x: { id: number }) => x.id)).toContain(id);
  });
});

describe('Tencent LCIC', () => {
  let sessionId: number;
  let roomId: string;
  const sign = (expire: number) => createHash('md5').update(`${CALLBACK_KEY}${expire}`).digest('hex');
  // The server's clock (the app's TestClock, not the wall clock): signatures expire by its time.
  const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
  const callback = (event: Record<string, unknown>, expire = nowSeconds() + 600, sig?: string) =>
    t.call('POST', '/api/v1/live/callback/lcic', {
      body: { SdkAppId: CREDS.sdkAppId, ExpireTime: expire, Sign: sig ?? sign(expire), ...event },
    });

  it('settings are admin-only and the secrets write-only', async () => {
    const cur = await t.call('GET', '/api/v1/course/live-provider', { token: admin });
    expect(cur.body.data).toMatchObject({ provider: 'sandbox', secretKeyHint: { set: false } });
    expect((await t.call('GET', '/api/v1/course/live-provider', { token: zhongtai })).status).toBe(403);
    const put = await t.call('PUT', '/api/v1/course/live-provider', {
      token: admin,
      body: {
        provider: 'lcic',
        sdkAppId: String(CREDS.sdkAppId),
        secretId: CREDS.secretId,
        secretKey: 'wrong-secret-key-9999',
        callbackKey: CALLBACK_KEY,
        endpoint: lcic.url,
        version: cur.body.data.version,
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(JSON.stringify(put.body)).not.toContain('wrong-secret-key');
    expect(put.body.data.secretKeyHint).toEqual({ set: true, last4: '9999' });
  });

  it('a wrong secret is refused by the protocol server (the console answers 502 and writes nothing)', async () => {
    const res = await schedule(admin, t.clock.now().getTime() + hour, 'wrong key');
    expect(res.status).toBe(502);
    expect(res.body.msg).toContain('AuthFailure.SignatureFailure');
    const cur = (await t.call('GET', '/api/v1/course/live-provider', { token: admin })).body.data;
    const fixed = await t.call('PUT', '/api/v1/course/live-provider', {
      token: admin,
      body: {
        provider: 'lcic',
        sdkAppId: cur.sdkAppId,
        secretId: cur.secretId,
        secretKey: CREDS.secretKey,
        endpoint: cur.endpoint,
        version: cur.version,
      },
    });
    expect(fixed.body.data.callbackKeyHint.set).toBe(true);
  });

  it('creates the room with the teacher registered; the teacher link follows the documented template', async () => {
    const start = t.clock.now().getTime() + 2 * hour;
    const res = await t.call('POST', '/api/v1/course/live-sessions', {
      token: zhongtai,
      body: {
        title: 'LCIC 第 2 讲',
        classIds: [classId],
        teacherId: await userId(t, 'zhongtai1'),
        scheduledStart: iso(start),
        scheduledEnd: iso(start + hour),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sessionId = res.body.data.id;
    roomId = res.body.data.roomId;
    const room = lcic.rooms.get(Number(roomId));
    expect(room).toMatchObject({
      Name: 'LCIC 第 2 讲',
      StartTime: Math.floor(start / 1000),
      TeacherId: 'lcic_1',
    });
    const link = await t.call('POST', `/api/v1/course/live-sessions/${sessionId}/teacher-link`, {
      token: zhongtai,
    });
    const u = new URL(link.body.data.url);
    expect(u.host).toBe('class.qcloudclass.com');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      schoolid: String(CREDS.sdkAppId),
      classid: roomId,
      userid: 'lcic_1',
      token: 'tok-lcic_1',
    });
  });

  it('signed callbacks move status, attendance and replay; bad or expired signatures are refused; duplicates ignored', async () => {
    const ts = nowSeconds();
    expect(
      (
        await callback(
          { EventType: 'RoomStart', Timestamp: ts, EventData: { RoomId: Number(roomId) } },
          undefined,
          'bad',
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await callback(
          { EventType: 'RoomStart', Timestamp: ts, EventData: { RoomId: Number(roomId) } },
          ts - 10,
        )
      ).status,
    ).toBe(401);
    const started = await callback({
      EventType: 'RoomStart',
      Timestamp: ts,
      EventData: { RoomId: Number(roomId) },
    });
    expect(started.body.data).toEqual({ applied: true, duplicate: false });
    const again = await callback({
      EventType: 'RoomStart',
      Timestamp: ts,
      EventData: { RoomId: Number(roomId) },
    });
    expect(again.body.data.duplicate).toBe(true);
    expect(
      (await t.call('GET', `/api/v1/course/live-sessions/${sessionId}`, { token: chakan })).body.data.status,
    ).toBe('LIVE');
    // The pull registers the roster (m<id> origin ids) and reads DescribeRoomStatistics.
    const room = lcic.rooms.get(Number(roomId));
    if (room) room.Status = 2;
    await callback({ EventType: 'RoomEnd', Timestamp: ts + 3600, EventData: { RoomId: Number(roomId) } });
    const members = [...lcic.users.keys()];
    expect(members).toEqual([`u${await userId(t, 'zhongtai1')}`]);
    lcic.present.set(Number(roomId), []);
    await t.call('POST', `/api/v1/course/live-sessions/${sessionId}/sync`, { token: zhongtai });
    const registered = [...lcic.users.entries()].filter(([o]) => o.startsWith('m'));
    expect(registered).toHaveLength(3);
    const [origin, user] = registered[0] as (typeof registered)[number];
    lcic.present.set(Number(roomId), [
      { UserId: user.UserId, PresentTime: 3000, FirstJoinTimestamp: ts + 60, LastQuitTimestamp: ts + 3060 },
    ]);
    await t.call('POST', `/api/v1/course/live-sessions/${sessionId}/sync`, { token: zhongtai });
    let att = (await t.call('GET', `/api/v1/course/live-sessions/${sessionId}/attendance`, { token: siyu }))
      .body.data.items;
    expect(att).toHaveLength(1);
    expect(att[0]).toMatchObject({ memberId: Number(origin.slice(1)), watchSeconds: 3000 });
    // A member's quit callback (by LCIC UserId) updates attendance of another member.
    const [, second] = registered[1] as (typeof registered)[number];
    await callback({
      EventType: 'MemberQuit',
      Timestamp: ts + 1800,
      EventData: { RoomId: Number(roomId), UserId: second.UserId, Duration: 1200, Reason: 0 },
    });
    att = (await t.call('GET', `/api/v1/course/live-sessions/${sessionId}/attendance`, { token: siyu })).body
      .data.items;
    expect(att).toHaveLength(2);
    await callback({
      EventType: 'RecordFinish',
      Timestamp: ts + 4000,
      EventData: { RoomId: Number(roomId), RecordUrl: 'https://record.example.com/r.mp4', Duration: 3600 },
    });
    const s = (await t.call('GET', `/api/v1/course/live-sessions/${sessionId}`, { token: chakan })).body.data;
    expect(s).toMatchObject({
      status: 'ENDED',
      replayStatus: 'READY',
      replayUrl: 'https://record.example.com/r.mp4',
      attendeeCount: 2,
    });
    const detail = await t.call('GET', `/api/v1/members/${Number(origin.slice(1))}`, { token: chakan });
    expect(detail.body.data.attendance[0]).toMatchObject({ sessionId, watchSeconds: 3000 });
  });

  it('cancels a scheduled room at the provider', async () => {
    const res = await schedule(admin, t.clock.now().getTime() + 5 * hour, 'to cancel');
    const id = res.body.data.id;
    const c = await t.call('POST', `/api/v1/course/live-sessions/${id}/cancel`, { token: zhongtai });
    expect(c.body.data.status).toBe('CANCELLED');
    expect(lcic.rooms.get(Number(res.body.data.roomId))?.deleted).toBe(true);
    expect(lcic.calls.some((x) => x.action === 'DeleteRoom')).toBe(true);
  });
});
