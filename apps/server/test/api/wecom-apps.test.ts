import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client';
import { wecomApp, wecomRelation } from '../../src/db/schema';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { LocalWecomServer } from '../support/wecom-server';

const CORP = 'wwappsapi0000001';
const SECRET = 'apps-api-secret-0123456789-XYZW';
const A = '/api/v1/wecom/apps';

let t: TestApp;
let server: LocalWecomServer;
let admin: string;
let siyu: string;
let chakan: string;
let zhongtai: string;
const seen: string[] = [];

const call = async (...args: Parameters<TestApp['call']>) => {
  const res = await t.call(...args);
  seen.push(JSON.stringify(res.body));
  return res;
};

const waitForRun = async (appId: number) => {
  for (let i = 0; i < 200; i++) {
    const runs = await call('GET', `${A}/${appId}/sync-runs`, { token: admin });
    const run = runs.body.data.items[0];
    if (run && !['QUEUED', 'RUNNING'].includes(run.status)) return run;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sync did not finish');
};

beforeAll(async () => {
  server = await new LocalWecomServer({ corpId: CORP, secret: SECRET, members: 12, contacts: 150 }).start();
  t = await createTestApp({ WECOM_API_BASE: server.url });
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await server.stop();
});

describe('WeCom apps', () => {
  let appId: number;
  let version: number;

  it('admin creates a live app: the secret is sealed and write-only, callback settings are generated', async () => {
    const res = await call('POST', A, {
      token: admin,
      body: {
        name: '客户联系',
        kind: 'CUSTOMER_APP',
        mode: 'LIVE',
        corpId: CORP,
        agentId: 1000002,
        secret: SECRET,
      },
    });
    expect(res.status).toBe(200);
    const row = res.body.data;
    appId = row.id;
    version = row.version;
    expect(row).toMatchObject({
      kind: 'CUSTOMER_APP',
      mode: 'LIVE',
      corpId: CORP,
      agentId: 1000002,
      status: 'ENABLED',
      secretHint: { set: true, last4: 'XYZW' },
    });
    expect(row.callbackUrl).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/public\/wecom\/callback\/[0-9a-f]{24}$/,
    );
    expect(row.callbackToken).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(row.encodingAesKey).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const [stored] = await t.database.db.select().from(wecomApp).where(eq(wecomApp.id, appId));
    expect(stored?.secretSealed).not.toContain(SECRET);
    expect(stored?.encodingAesKeySealed).not.toContain(row.encodingAesKey);
    // the callback token is sealed at rest like the other keys
    expect(stored?.callbackTokenSealed).toMatch(/^sb1\./);
    expect(stored?.callbackTokenSealed).not.toContain(row.callbackToken);
    const [audit] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'wecom.app.create' AND target_id = ${String(appId)}`,
    );
    expect(audit?.n).toBe(1);
  });

  it('validates: AgentId for a self-built app, corp id characters, unknown fields', async () => {
    const base = { name: 'x', kind: 'CUSTOMER_APP', corpId: CORP, secret: 's' };
    const noAgent = await call('POST', A, { token: admin, body: base });
    expect(noAgent.status).toBe(400);
    expect(noAgent.body.data.fields.agentId).toBe('自建应用须填写 AgentId');
    const badCorp = await call('POST', A, { token: admin, body: { ...base, agentId: 1, corpId: 'ww 1' } });
    expect(badCorp.body.data.fields.corpId).toBeTruthy();
    const extra = await call('POST', A, { token: admin, body: { ...base, agentId: 1, token: 'x' } });
    expect(extra.status).toBe(400);
    const sync = await call('POST', A, {
      token: admin,
      body: { name: '通讯录同步', kind: 'CONTACT_SYNC', corpId: CORP, secret: SECRET, mode: 'LIVE' },
    });
    expect(sync.status).toBe(200);
    expect(sync.body.data.agentId).toBeNull();
  });

  it('roles: chakan reads without the callback keys; siyu and zhongtai have no route; only admin writes', async () => {
    const list = await call('GET', A, { token: chakan });
    expect(list.status).toBe(200);
    const mine = list.body.data.items.find((x: { id: number }) => x.id === appId);
    expect(mine).toMatchObject({ callbackToken: null, encodingAesKey: null, secretHint: { set: true } });
    for (const token of [siyu, zhongtai]) {
      expect((await call('GET', A, { token })).status).toBe(403);
      expect((await call('GET', `${A}/${appId}`, { token })).status).toBe(403);
    }
    for (const token of [chakan, siyu, zhongtai]) {
      expect((await call('POST', `${A}/${appId}/test`, { token })).status).toBe(403);
      expect((await call('POST', `${A}/${appId}/sync`, { token })).status).toBe(403);
      expect((await call('POST', `${A}/${appId}/disable`, { token, body: { version } })).status).toBe(403);
      expect(
        (
          await call('POST', A, {
            token,
            body: { name: 'x', kind: 'CONTACT_SYNC', corpId: CORP, secret: 's' },
          })
        ).status,
      ).toBe(403);
    }
    expect((await call('GET', A)).status).toBe(401);
  });

  it('test connection: gettoken + agent/get with the visible range; a wrong secret marks the app invalid', async () => {
    const okRes = await call('POST', `${A}/${appId}/test`, { token: admin });
    expect(okRes.status).toBe(200);
    expect(okRes.body.data).toMatchObject({
      ok: true,
      errcode: 0,
      agentName: '客户联系助手',
      visibleRange: { users: [], parties: [1], tags: [], closed: false },
    });
    let row = (await call('GET', `${A}/${appId}`, { token: admin })).body.data;
    expect(row.lastVerifiedAt).not.toBeNull();
    expect(row.visibleRange.parties).toEqual([1]);

    const upd = await call('PUT', `${A}/${appId}`, {
      token: admin,
      body: { name: '客户联系', mode: 'LIVE', secret: 'a-wrong-secret-0000', version: row.version },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.data.secretHint.last4).toBe('0000');
    const bad = await call('POST', `${A}/${appId}/test`, { token: admin });
    expect(bad.body.data).toMatchObject({ ok: false, errcode: 40001 });
    row = (await call('GET', `${A}/${appId}`, { token: admin })).body.data;
    expect(row.status).toBe('INVALID');
    expect(row.lastError).toContain('40001');

    const stale = await call('PUT', `${A}/${appId}`, {
      token: admin,
      body: { name: 'x', mode: 'LIVE', version: row.version - 1 },
    });
    expect(stale.status).toBe(409);
    const fixed = await call('POST', `${A}/${appId}/rotate`, {
      token: admin,
      body: { target: 'SECRET', secret: SECRET, version: row.version },
    });
    expect(fixed.status).toBe(200);
    expect((await call('POST', `${A}/${appId}/test`, { token: admin })).body.data.ok).toBe(true);
    row = (await call('GET', `${A}/${appId}`, { token: admin })).body.data;
    expect(row.status).toBe('ENABLED');
    version = row.version;
  });

  it('rotates the callback token and EncodingAESKey; disable stops test and sync; enable again', async () => {
    const before = (await call('GET', `${A}/${appId}`, { token: admin })).body.data;
    const rotated = await call('POST', `${A}/${appId}/rotate`, {
      token: admin,
      body: { target: 'CALLBACK', version: before.version },
    });
    expect(rotated.body.data.callbackToken).not.toBe(before.callbackToken);
    expect(rotated.body.data.encodingAesKey).not.toBe(before.encodingAesKey);
    expect(rotated.body.data.callbackUrl).toBe(before.callbackUrl);
    const disabled = await call('POST', `${A}/${appId}/disable`, {
      token: admin,
      body: { version: rotated.body.data.version },
    });
    expect(disabled.body.data.status).toBe('DISABLED');
    expect((await call('POST', `${A}/${appId}/test`, { token: admin })).status).toBe(409);
    const refused = await call('POST', `${A}/${appId}/sync`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('该企业微信应用已停用');
    const enabled = await call('POST', `${A}/${appId}/enable`, {
      token: admin,
      body: { version: disabled.body.data.version },
    });
    expect(enabled.body.data.status).toBe('ENABLED');
    version = enabled.body.data.version;
  });

  it('syncs on demand in the background with progress and a job log; a second request while running joins it', async () => {
    // the run stays on its first call until the second request has been answered
    const release = server.hold('/cgi-bin/department/list');
    const res = await call('POST', `${A}/${appId}/sync`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ trigger: 'MANUAL', status: 'QUEUED', joined: false });
    const again = await call('POST', `${A}/${appId}/sync`, { token: admin });
    release();
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: res.body.data.id, trigger: 'MANUAL', joined: true });
    // joining queues nothing and is not audited as a request
    const runs = await call('GET', `${A}/${appId}/sync-runs`, { token: admin });
    expect(runs.body.data.items[0].id).toBe(res.body.data.id);
    const [requests] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'wecom.sync.request' AND target_id = ${String(appId)}`,
    );
    expect(requests?.n).toBe(1);
    const run = await waitForRun(appId);
    expect(run.status).toBe('SUCCESS');
    expect(run.counts.contacts.created).toBe(150);
    expect(run.progress.done).toBe(server.sim.relationCount());
    expect(run.apiCalls).toBeGreaterThan(10);
    const list = (await call('GET', A, { token: chakan })).body.data.items;
    expect(list.find((x: { id: number }) => x.id === appId).lastSync.status).toBe('SUCCESS');
    const [n] = await t.database.db
      .select({ n: count() })
      .from(wecomRelation)
      .where(and(eq(wecomRelation.corpId, CORP), eq(wecomRelation.deleted, false)));
    expect(n?.n).toBe(server.sim.relationCount());
  });

  it('a sandbox app needs no WeCom corp: test and sync work against the built-in corp', async () => {
    const res = await call('POST', A, {
      token: admin,
      body: {
        name: '沙箱',
        kind: 'CUSTOMER_APP',
        corpId: 'wwsandbox0001',
        agentId: 1000002,
        secret: 'anything',
      },
    });
    expect(res.body.data.mode).toBe('SANDBOX');
    const id = res.body.data.id;
    expect((await call('POST', `${A}/${id}/test`, { token: admin })).body.data.ok).toBe(true);
    expect((await call('POST', `${A}/${id}/sync`, { token: admin })).status).toBe(200);
    const run = await waitForRun(id);
    expect(run.status).toBe('SUCCESS');
    expect(run.counts.contacts.created).toBe(300);
  });

  it('never answers a secret or an access token; deletes with its version', async () => {
    const [row] = await t.database.db.select().from(wecomApp).where(eq(wecomApp.id, appId));
    const all = seen.join('\n');
    expect(all).not.toContain(SECRET);
    for (const token of server.sim.tokens.keys()) expect(all).not.toContain(token);
    expect(row?.tokenSealed).toBeTruthy();
    const del = await call('DELETE', `${A}/${appId}`, { token: admin, body: { version: row?.version } });
    expect(del.status).toBe(200);
    expect((await call('GET', `${A}/${appId}`, { token: admin })).status).toBe(404);
  });
});
