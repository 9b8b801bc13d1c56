import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_EXPORT_ROWS } from '../../src/modules/exports/service';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const multipart = (name: string, type: string, data: Buffer) => {
  const boundary = '----educrm-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('profile', () => {
  it('reads and updates the own profile and language', async () => {
    const token = await t.login('siyu1', DEMO_PASSWORD);
    const me = await t.call('GET', '/api/v1/profile', { token });
    expect(me.body.data).toMatchObject({
      username: 'siyu1',
      roles: [{ key: 'siyu' }],
      departmentName: '销售一组',
    });
    const upd = await t.call('PUT', '/api/v1/profile', {
      token,
      body: { nickname: '小萌', introduction: '负责小学数学', lang: 'en' },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ nickname: '小萌', introduction: '负责小学数学', lang: 'en' });
    expect((await t.call('PUT', '/api/v1/profile/language', { token, body: { lang: 'ja' } })).status).toBe(
      200,
    );
    expect((await t.call('PUT', '/api/v1/profile/language', { token, body: { lang: 'fr' } })).status).toBe(
      400,
    );
    const info = await t.call('POST', '/api/v1/admin/info', { body: { token } });
    expect(info.body.data).toMatchObject({ nickname: '小萌', lang: 'ja' });
    expect(
      (
        await t.call('PUT', '/api/v1/profile', {
          token,
          body: { nickname: '', introduction: '', lang: null },
        })
      ).status,
    ).toBe(400);
  });

  it('uploads an avatar checked by content, served with the right type', async () => {
    const token = await t.login('siyu1', DEMO_PASSWORD);
    const good = multipart('me.png', 'image/png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: { ...good.headers, authorization: `Bearer ${token}` },
      payload: good.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().data.avatarUrl as string;
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    const info = await t.call('POST', '/api/v1/admin/info', { body: { token } });
    expect(info.body.data.avatar_url).toBe(url);

    const fake = multipart('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: { ...fake.headers, authorization: `Bearer ${token}` },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);
    const big = multipart('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    const tooBig = await t.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      headers: { ...big.headers, authorization: `Bearer ${token}` },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const none = await t.call('POST', '/api/v1/profile/avatar', { token, body: {} });
    expect(none.status).toBe(400);
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const a = await t.login('chakan1', DEMO_PASSWORD);
    const b = await t.login('chakan1', DEMO_PASSWORD);
    const wrong = await t.call('PUT', '/api/v1/profile/password', {
      token: a,
      body: { currentPassword: 'nope', newPassword: 'New-chakan-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields.currentPassword).toBeTruthy();
    const common = await t.call('PUT', '/api/v1/profile/password', {
      token: a,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'password123' },
    });
    expect(common.body.data.fields.newPassword).toBeTruthy();
    const ok = await t.call('PUT', '/api/v1/profile/password', {
      token: a,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'New-chakan-pass-1' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.endedSessions).toBeGreaterThanOrEqual(1);
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token: a } })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token: b } })).status).toBe(401);
    expect(await t.login('chakan1', 'New-chakan-pass-1')).toBeTruthy();
  });

  it('lists own sessions and signs one out', async () => {
    const a = await t.login('zhongtai1', DEMO_PASSWORD);
    const b = await t.login('zhongtai1', DEMO_PASSWORD);
    const list = await t.call('GET', '/api/v1/profile/sessions', { token: a });
    expect(list.body.data.items.length).toBeGreaterThanOrEqual(2);
    expect(list.body.data.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.body.data.items.find((s: { current: boolean }) => !s.current);
    expect((await t.call('DELETE', `/api/v1/profile/sessions/${other.id}`, { token: a })).status).toBe(200);
    expect((await t.call('POST', '/api/v1/admin/info', { body: { token: b } })).status).toBe(401);
    // Someone else's session id is not found for me.
    const adminTok = await t.login('admin', ADMIN_PASSWORD);
    const adminSessions = await t.call('GET', '/api/v1/profile/sessions', { token: adminTok });
    const foreign = adminSessions.body.data.items[0].id;
    expect((await t.call('DELETE', `/api/v1/profile/sessions/${foreign}`, { token: a })).status).toBe(404);
  });
});

describe('large exports', () => {
  it('runs in the background with progress and an expiring signed download link', {
    timeout: 120_000,
  }, async () => {
    const admin = await t.login('admin', ADMIN_PASSWORD);
    await t.database.db.execute(
      sql`INSERT INTO audit_log (action, summary) SELECT 'bulk.seed', 'row ' || g FROM generate_series(1, ${BACKGROUND_EXPORT_ROWS + 5}) g`,
    );
    const start = await t.call('GET', '/api/v1/system/audit-log/export?action=bulk.seed', { token: admin });
    expect(start.status).toBe(202);
    expect(start.body.data).toMatchObject({ status: 'RUNNING', total: BACKGROUND_EXPORT_ROWS + 5 });
    const id = start.body.data.id;
    let job = start.body.data;
    for (let i = 0; i < 200 && job.status === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      job = (await t.call('GET', `/api/v1/exports/${id}`, { token: admin })).body.data;
    }
    expect(job.status).toBe('DONE');
    expect(job.processed).toBe(BACKGROUND_EXPORT_ROWS + 5);
    const other = await t.login('siyu1', DEMO_PASSWORD).catch(() => null);
    if (other) expect((await t.call('GET', `/api/v1/exports/${id}`, { token: other })).status).toBe(404);
    // The signed link alone opens nothing: the session of the user who started the export must come with it.
    const anonymous = await t.app.inject({ method: 'GET', url: job.downloadUrl });
    expect(anonymous.statusCode).toBe(401);
    if (other) {
      const stranger = await t.app.inject({
        method: 'GET',
        url: job.downloadUrl,
        headers: { cookie: `Admin-Token=${other}` },
      });
      expect(stranger.statusCode).toBe(410);
    }
    const cookie = { cookie: `Admin-Token=${admin}` };
    const file = await t.app.inject({ method: 'GET', url: job.downloadUrl, headers: cookie });
    expect(file.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.rowCount).toBe(BACKGROUND_EXPORT_ROWS + 6);
    const forged = await t.app.inject({
      method: 'GET',
      url: job.downloadUrl.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      headers: cookie,
    });
    expect(forged.statusCode).toBe(410);
    t.clock.advance(2 * 3600);
    const later = await t.login('admin', ADMIN_PASSWORD);
    const expired = await t.app.inject({
      method: 'GET',
      url: job.downloadUrl,
      headers: { authorization: `Bearer ${later}` },
    });
    expect(expired.statusCode).toBe(410);
  });
});
