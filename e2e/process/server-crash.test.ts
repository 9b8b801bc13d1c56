import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, DEMO_PASSWORD, procState, startServer } from '../support/server';

/**
 * kill -9 of the server during a burst of writes (orders with their lines, follow-ups, pool
 * claims), then an immediate restart on the same data: every acknowledged write is there, and
 * nothing is half-written. The server runs under a parent that never reaps it (a container without
 * an init), so on PGlite the killed server is a zombie still named by the data-directory lock.
 */
const PG_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The burst lasts at least this long, and until every kind of write has ENOUGH acknowledged. */
const BURST_MIN_MS = 3000;
/**
 * A loaded machine acknowledges fewer writes a second; past this the kill comes anyway (and the
 * assertions say how many were acknowledged).
 */
const BURST_MAX_MS = 30_000;
const ENOUGH = 6;

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Reply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers of many routes, checked by the assertions
  body: { code: number; data: any };
}
const call = async (base: string, method: string, url: string, token?: string, body?: unknown) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() } as Reply;
};
const signIn = async (base: string, username: string, password: string) => {
  const r = await call(base, 'POST', '/api/v1/admin/login', undefined, { username, password });
  if (r.status !== 200) throw new Error(`login ${username}: ${r.status}`);
  return r.body.data.access_token as string;
};

interface Acknowledged {
  orders: { id: number; lines: number }[];
  followUps: { id: number; content: string }[];
  claims: { clientId: number; userId: number }[];
}

/** Writers loop until the connection fails; each records only writes answered 200. */
const burst = async (base: string, kill: () => void): Promise<Acknowledged> => {
  const admin = await signIn(base, 'admin', ADMIN_PASSWORD);
  const skus = (
    await call(base, 'GET', '/api/v1/orders/sku-options?onSale=true', admin)
  ).body.data.items.filter((s: { stock: number | null }) => s.stock === null) as {
    skuId: number;
    price: number;
  }[];
  const clients = (await call(base, 'GET', '/api/v1/clients?pageSize=100', admin)).body.data.items as {
    id: number;
  }[];
  const pool = (await call(base, 'GET', '/api/v1/clients/pool?pageSize=100', admin)).body.data.items as {
    id: number;
  }[];
  expect(skus.length).toBeGreaterThan(1);
  expect(clients.length).toBeGreaterThan(10);
  expect(pool.length).toBeGreaterThan(20);
  const claimers = await Promise.all(
    ['siyu1', 'siyu2', 'siyu3', 'siyu4'].map(async (u) => {
      const token = await signIn(base, u, DEMO_PASSWORD);
      const info = await call(base, 'POST', '/api/v1/admin/info', token, { token });
      return { token, userId: Number(info.body.data.id) };
    }),
  );
  const ack: Acknowledged = { orders: [], followUps: [], claims: [] };
  let stopped = false;
  const loop = async (step: (n: number) => Promise<boolean>) => {
    for (let n = 0; !stopped; n++) {
      try {
        if (!(await step(n))) return;
      } catch {
        return; // the server is gone
      }
    }
  };
  const pick = <T>(xs: T[], n: number) => xs[n % xs.length] as T;
  const orderWriter = (w: number) =>
    loop(async (n) => {
      const a = pick(skus, n + w);
      const b = pick(skus, n + w + 1);
      const r = await call(base, 'POST', '/api/v1/orders', admin, {
        clientId: pick(clients, n * 3 + w).id,
        items: [
          { skuId: a.skuId, qty: 1 },
          { skuId: b.skuId, qty: 2 },
        ],
        payAmount: a.price + 2 * b.price,
        idempotencyKey: randomUUID(),
      });
      if (r.status === 200) ack.orders.push({ id: r.body.data.id, lines: 2 });
      return true;
    });
  const followUpWriter = (w: number) =>
    loop(async (n) => {
      const content = `crash-test ${w}-${n} ${randomUUID()}`;
      const r = await call(base, 'POST', '/api/v1/follow-ups', admin, {
        clientId: pick(clients, n * 5 + w).id,
        type: 'CALL',
        content,
      });
      if (r.status === 200) ack.followUps.push({ id: r.body.data.id, content });
      return true;
    });
  const claimWriter = (w: number) =>
    loop(async (n) => {
      const c = pool[n * claimers.length + w];
      const who = claimers[w];
      if (!c || !who) return false;
      const r = await call(base, 'POST', `/api/v1/clients/${c.id}/claim`, who.token);
      if (r.status === 200) ack.claims.push({ clientId: c.id, userId: who.userId });
      return r.status === 200 || r.status === 409 || r.status === 422;
    });
  const writers = [
    ...[0, 1, 2].map(orderWriter),
    ...[0, 1].map(followUpWriter),
    ...claimers.map((_, w) => claimWriter(w)),
  ];
  const started = Date.now();
  const enough = () =>
    ack.orders.length >= ENOUGH && ack.followUps.length >= ENOUGH && ack.claims.length >= ENOUGH;
  while (Date.now() - started < BURST_MIN_MS || (!enough() && Date.now() - started < BURST_MAX_MS))
    await new Promise((r) => setTimeout(r, 50));
  kill();
  stopped = true;
  await Promise.all(writers);
  return ack;
};

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Every acknowledged write present, and no order without its lines or audit row, no claim without its log. */
const verify = async (query: Query, ack: Acknowledged) => {
  const orderIds = ack.orders.map((o) => o.id);
  const orders = await query<{ id: number; lines: number; audited: number }>(
    `SELECT o.id::int AS id,
            (SELECT count(*)::int FROM order_item i WHERE i.order_id = o.id) AS lines,
            (SELECT count(*)::int FROM audit_log a WHERE a.action = 'order.create' AND a.target_id = o.id::text) AS audited
       FROM sales_order o WHERE o.id = ANY($1::bigint[])`,
    [orderIds],
  );
  expect(orders.length).toBe(orderIds.length);
  for (const o of orders) expect(o).toMatchObject({ lines: 2, audited: 1 });
  // Any order (acknowledged or not, demo ones included): none without lines or with lines not adding up.
  const broken = await query<{ id: number }>(
    `SELECT o.id::int AS id FROM sales_order o
      WHERE NOT EXISTS (SELECT 1 FROM order_item i WHERE i.order_id = o.id)
         OR o.pay_amount <> (SELECT sum(i.pay_amount) FROM order_item i WHERE i.order_id = o.id)`,
  );
  expect(broken).toEqual([]);

  const fus = await query<{ id: number; content: string; audited: number }>(
    `SELECT f.id::int AS id, f.content,
            (SELECT count(*)::int FROM audit_log a WHERE a.action = 'followup.create'
                AND a.target_id = f.client_id::text AND a.summary LIKE 'follow-up ' || f.id || ' (%') AS audited
       FROM follow_up f WHERE f.id = ANY($1::bigint[])`,
    [ack.followUps.map((f) => f.id)],
  );
  expect(fus.length).toBe(ack.followUps.length);
  const byId = new Map(fus.map((f) => [f.id, f]));
  for (const f of ack.followUps) expect(byId.get(f.id)).toMatchObject({ content: f.content, audited: 1 });

  for (const c of ack.claims) {
    const [row] = await query<{ owner: number; logs: number }>(
      `SELECT owner_user_id::int AS owner,
              (SELECT count(*)::int FROM client_owner_log l
                WHERE l.client_id = c.id AND l.type = 'CLAIM' AND l.to_user_id = $2) AS logs
         FROM client c WHERE c.id = $1`,
      [c.clientId, c.userId],
    );
    expect(row).toEqual({ owner: c.userId, logs: 1 });
  }
  // Every claim log of the burst names the client's present owner: no owner change without its log.
  const orphanLogs = await query<{ id: number }>(
    `SELECT l.id::int AS id FROM client_owner_log l JOIN client c ON c.id = l.client_id
      WHERE l.type = 'CLAIM' AND l.created_at > now() - interval '10 minutes'
        AND c.owner_user_id IS DISTINCT FROM l.to_user_id`,
  );
  expect(orphanLogs).toEqual([]);
};

describe('kill -9 during a burst of writes', () => {
  it('PGlite: restarts at once past the zombie, keeps every acknowledged write, nothing half-written', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-crash-'));
    dirs.push(dataDir);
    const server = await startServer({}, { dataDir, keepDataDir: true, unreapedParent: true });
    let again: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const ack = await burst(server.baseURL, () => server.kill('SIGKILL'));
      expect(ack.orders.length).toBeGreaterThan(5);
      expect(ack.followUps.length).toBeGreaterThan(5);
      expect(ack.claims.length).toBeGreaterThan(5);
      // The killed server is a zombie (its parent never reaps it) and still named by the lock.
      expect(procState(server.pid)).toBe('Z');
      expect(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8')).toContain(String(server.pid));
      again = await startServer({}, { dataDir, keepDataDir: true });
      const admin = await signIn(again.baseURL, 'admin', ADMIN_PASSWORD);
      const one = ack.orders[0];
      const detail = await call(again.baseURL, 'GET', `/api/v1/orders/${one?.id}`, admin);
      expect(detail.status).toBe(200);
      await again.stop();
      again = undefined;
      const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
      try {
        await verify(
          async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
          ack,
        );
      } finally {
        await db.close();
      }
      console.log(
        `PGlite: acknowledged ${ack.orders.length} orders, ${ack.followUps.length} follow-ups, ${ack.claims.length} claims; all present`,
      );
    } finally {
      await again?.stop();
      await server.stop();
    }
  }, 180_000);

  it('PostgreSQL: keeps every acknowledged write, nothing half-written', async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    try {
      await admin.connect();
    } catch {
      if (process.env.CI === 'true') throw new Error(`no PostgreSQL at ${PG_ADMIN_URL}`);
      console.warn(`skipped: no PostgreSQL at ${PG_ADMIN_URL}`);
      return;
    }
    const dbName = `educrm_crash_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${dbName}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-crash-pg-'));
    dirs.push(dataDir);
    const env = { DATABASE_URL: url.toString(), DEMO_COMMERCE: '1' };
    const server = await startServer(env, { dataDir, keepDataDir: true, unreapedParent: true });
    let again: Awaited<ReturnType<typeof startServer>> | undefined;
    const client = new pg.Client({ connectionString: url.toString() });
    try {
      const ack = await burst(server.baseURL, () => server.kill('SIGKILL'));
      expect(ack.orders.length).toBeGreaterThan(5);
      expect(ack.followUps.length).toBeGreaterThan(5);
      expect(ack.claims.length).toBeGreaterThan(5);
      again = await startServer(env, { dataDir, keepDataDir: true });
      expect((await call(again.baseURL, 'GET', '/api/ready')).status).toBe(200);
      await client.connect();
      await verify(
        async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        ack,
      );
      console.log(
        `PostgreSQL: acknowledged ${ack.orders.length} orders, ${ack.followUps.length} follow-ups, ${ack.claims.length} claims; all present`,
      );
    } finally {
      await client.end().catch(() => {});
      await again?.stop();
      await server.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 240_000);
});
