import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const loginFull = async () => {
  const res = await t.call('POST', '/api/v1/admin/login', {
    body: { username: 'admin', password: ADMIN_PASSWORD },
  });
  return res.body.data as { access_token: string; access_expire: number; refresh_after: number };
};
const refresh = (token: string) => t.call('POST', '/api/v1/admin/refresh-token', { body: { token } });
const info = (token: string) => t.call('POST', '/api/v1/admin/info', { body: { token } });

describe('POST /api/v1/admin/refresh-token', () => {
  it('refuses a refresh before the window opens with a clear 400', async () => {
    const first = await loginFull();
    const res = await refresh(first.access_token);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBeTruthy();
  });

  it('rotates inside the window; the old token lives 30 s and a second refresh returns the same new token', async () => {
    const first = await loginFull();
    t.clock.advance(21 * 60);
    const res = await refresh(first.access_token);
    expect(res.status).toBe(200);
    const next = res.body.data;
    expect(next.access_token).not.toBe(first.access_token);
    expect(next.access_expire).toBeGreaterThan(first.access_expire);
    expect(next.access_expire - next.refresh_after).toBe(600);

    // Within the grace: the old token still works, and refreshing it again gives the same successor.
    t.clock.advance(10);
    expect((await info(first.access_token)).status).toBe(200);
    const again = await refresh(first.access_token);
    expect(again.status).toBe(200);
    expect(again.body.data.access_token).toBe(next.access_token);

    // After the grace the old token is refused everywhere, and reusing it revokes the session.
    t.clock.advance(25);
    expect((await info(first.access_token)).status).toBe(401);
    expect((await info(next.access_token)).status).toBe(200);
    const replay = await refresh(first.access_token);
    expect(replay.status).toBe(401);
    expect((await info(next.access_token)).status).toBe(401);
    const rows = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action IN ('auth.refresh.grace', 'auth.refresh.reuse')`,
    );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['auth.refresh.grace', 'auth.refresh.reuse']),
    );
  });

  it('refuses an expired token with 401', async () => {
    const first = await loginFull();
    t.clock.advance(31 * 60);
    const res = await refresh(first.access_token);
    expect(res.status).toBe(401);
    expect((await info(first.access_token)).status).toBe(401);
  });

  it('never extends a session beyond its absolute age (12 h)', async () => {
    let token = (await loginFull()).access_token;
    let refreshed = 0;
    for (let i = 0; i < 60; i++) {
      t.clock.advance(25 * 60);
      const res = await refresh(token);
      if (res.status !== 200) {
        expect(res.status).toBe(401);
        break;
      }
      token = res.body.data.access_token;
      refreshed++;
      expect(res.body.data.access_expire).toBeLessThanOrEqual(
        Math.floor(t.clock.now().getTime() / 1000) + 12 * 3600,
      );
    }
    // 12 h / 25 min ≈ 28 refreshes; then the session is over.
    expect(refreshed).toBeGreaterThan(20);
    expect(refreshed).toBeLessThan(30);
    t.clock.advance(30 * 60);
    expect((await info(token)).status).toBe(401);
  });

  it('accepts the Bearer header instead of the body', async () => {
    const first = await loginFull();
    t.clock.advance(21 * 60);
    const res = await t.call('POST', '/api/v1/admin/refresh-token', { token: first.access_token, body: {} });
    expect(res.status).toBe(200);
  });

  it('gives concurrent refreshes of one token the same successor (other tabs, requests in flight)', async () => {
    const first = await loginFull();
    t.clock.advance(21 * 60);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(first.access_token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.access_token)).size).toBe(1);
  });
});
