import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { clearLocksOf, USER_MAX_FAILURES_PER_HOUR } from '../../src/modules/auth/throttle';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const attempt = (username: string, password: string, ip: string) =>
  t.call('POST', '/api/v1/admin/login', { body: { username, password }, ip });

describe('login throttling', () => {
  it('locks a (username, address) pair after 10 failures for 15 minutes, with Retry-After', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('siyu1', 'wrong-pass', '10.1.1.1')).status).toBe(400);
    const locked = await attempt('siyu1', DEMO_PASSWORD, '10.1.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(429);
    const retry = Number(locked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    // Another address, and another user on the same address, are not affected.
    expect((await attempt('siyu1', DEMO_PASSWORD, '10.1.1.2')).status).toBe(200);
    expect((await attempt('chakan1', DEMO_PASSWORD, '10.1.1.1')).status).toBe(200);
    // After 15 minutes the pair may try again.
    t.clock.advance(15 * 60 + 1);
    expect((await attempt('siyu1', DEMO_PASSWORD, '10.1.1.1')).status).toBe(200);
    const rows = await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_log WHERE action IN ('auth.lock', 'auth.login.blocked')`,
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['auth.lock', 'auth.login.blocked']));
  });

  it('a success resets the streak of a pair', async () => {
    for (let i = 0; i < 9; i++) await attempt('chakan1', 'wrong-pass', '10.2.2.2');
    expect((await attempt('chakan1', DEMO_PASSWORD, '10.2.2.2')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await attempt('chakan1', 'wrong-pass', '10.2.2.2')).status).toBe(400);
    expect((await attempt('chakan1', DEMO_PASSWORD, '10.2.2.2')).status).toBe(200);
  });

  it('caps failures per username across all addresses at 100 an hour', async () => {
    for (let i = 0; i < USER_MAX_FAILURES_PER_HOUR; i++) {
      const res = await attempt('zhongtai1', 'wrong-pass', `10.3.${Math.floor(i / 9)}.${i % 9}`);
      expect(res.status).toBe(400);
    }
    const fresh = await attempt('zhongtai1', DEMO_PASSWORD, '10.9.9.9');
    expect(fresh.status).toBe(429);
    // The admin can clear the lock.
    expect(await clearLocksOf(t.database.db, 'zhongtai1')).toBeGreaterThan(0);
    expect((await attempt('zhongtai1', DEMO_PASSWORD, '10.9.9.9')).status).toBe(200);
  });

  it('does not trust X-Forwarded-For by default', async () => {
    for (let i = 0; i < 10; i++) {
      await t.call('POST', '/api/v1/admin/login', {
        body: { username: 'admin', password: 'wrong-pass' },
        ip: '10.4.4.4',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    }
    const res = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
      ip: '10.4.4.4',
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(res.status).toBe(429);
  });
});
