import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { newSsoState } from '../../src/modules/wecom/sso-state';
import { sandboxCorp } from '../../src/providers/wecom/simulator';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

/**
 * Security review (issue 37, item 1): a sandbox-mode app (the default mode of a new app) must not
 * open an anonymous sign-in. Without WECOM_DEMO_SIGNIN=1 there is no provider, no member chooser,
 * and a sandbox corp's code signs nobody in, even with a correctly signed state.
 */
const CORP = 'wwdemooffsandbox';
let t: TestApp;
let appId: number;

beforeAll(async () => {
  t = await createTestApp();
  expect(t.config.wecomDemoSignIn).toBe(false);
  const admin = await t.login('admin', ADMIN_PASSWORD);
  const app = await t.call('POST', '/api/v1/wecom/apps', {
    token: admin,
    body: { name: '沙箱', kind: 'CUSTOMER_APP', corpId: CORP, agentId: 1000002, secret: 'x' },
  });
  appId = app.body.data.id;
  await t.call('POST', `/api/v1/wecom/apps/${appId}/sync`, { token: admin });
  await t.app.wecomWorker.kick();
  const members = await t.call('GET', '/api/v1/wecom/members?pageSize=100', { token: admin });
  const member = members.body.data.items.find((m: { userid: string }) => m.userid === 'sales002');
  const [siyu1] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM admin_user WHERE username = 'siyu1'`,
  );
  const bound = await t.call('PUT', `/api/v1/wecom/members/${member.id}/bind`, {
    token: admin,
    body: { sysUserId: siyu1?.id },
  });
  expect(bound.status).toBe(200);
});
afterAll(async () => t.close());

describe('the WeCom sandbox sign-in with WECOM_DEMO_SIGNIN off', () => {
  it('offers no provider for a sandbox app', async () => {
    const res = await t.call('GET', '/api/v1/admin/auth-providers');
    expect(res.body.data.providers).toEqual([]);
  });

  it('has no member chooser page', async () => {
    const nonce = 'A'.repeat(22);
    const state = newSsoState(t.secretKey, appId, nonce, t.clock.now());
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/public/wecom/sandbox-sso?state=${encodeURIComponent(state)}`,
      headers: { cookie: `educrm-signin=${nonce}` },
    });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('sales002');
  });

  it('signs nobody in with a sandbox code, even with a state the server signed for this browser', async () => {
    const nonce = 'B'.repeat(22);
    const state = newSsoState(t.secretKey, appId, nonce, t.clock.now());
    const res = await t.call('POST', '/api/v1/admin/wecom-login', {
      body: { code: sandboxCorp(CORP).issueOauthCode('sales002'), state },
      headers: { cookie: `educrm-signin=${nonce}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(403);
    expect(res.body.msg).toContain('sandbox sign-in is off');
    expect(JSON.stringify(res.body.data ?? null)).not.toContain('access_token');
  });
});
