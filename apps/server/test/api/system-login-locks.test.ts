import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(async () => t.close());

describe('/api/v1/system/login-locks', () => {
  it('lists active locks and lets an admin clear them, audited', async () => {
    for (let i = 0; i < 10; i++) {
      await t.call('POST', '/api/v1/admin/login', {
        body: { username: 'siyu1', password: 'bad-pass' },
        ip: '10.7.7.7',
      });
    }
    const list = await t.call('GET', '/api/v1/system/login-locks', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([
      expect.objectContaining({ scope: 'pair', username: 'siyu1', ip: '10.7.7.7', failures: 10 }),
    ]);
    const cleared = await t.call('DELETE', '/api/v1/system/login-locks/siyu1', { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.cleared).toBeGreaterThan(0);
    const login = await t.call('POST', '/api/v1/admin/login', {
      body: { username: 'siyu1', password: DEMO_PASSWORD },
      ip: '10.7.7.7',
    });
    expect(login.status).toBe(200);
    const audit = await queryRows<{ target_id: string }>(
      t.database.db,
      sql`SELECT target_id FROM audit_log WHERE action = 'auth.lock.clear'`,
    );
    expect(audit.map((a) => a.target_id)).toContain('siyu1');
  });
});
