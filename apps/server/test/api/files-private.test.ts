import { randomUUID } from 'node:crypto';
import { COOKIE } from '@educrm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeClient, makeLeafCategory, productBody, uploadImage, userId } from '../support/commerce';

/**
 * Avatars and product pictures are public; payment vouchers are served only to a signed-in user
 * allowed to see the order (Bearer header or the console's session cookie, which <img> sends),
 * never to shared caches.
 */
let t: TestApp;
let admin: string;
let siyu: string;
let siyu2: string;
let chakan: string;
let picture: string;
let voucher: string;

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  siyu2 = await t.login('siyu2', DEMO_PASSWORD);
  chakan = await t.login('chakan1', DEMO_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  picture = await uploadImage(t, admin);
  const product = await t.call('POST', '/api/v1/products', {
    token: admin,
    body: productBody(leafId, picture),
  });
  const spuId = product.body.data.id;
  await t.call('POST', `/api/v1/products/${spuId}/on-sale`, { token: admin });
  voucher = await uploadImage(t, admin, 'voucher');
  const client = await makeClient(t, '王小明家长', '13800138000', await userId(t, 'siyu1'));
  const order = await t.call('POST', '/api/v1/orders', {
    token: siyu,
    body: {
      idempotencyKey: randomUUID(),
      clientId: client,
      items: [{ skuId: product.body.data.skus[0].id, qty: 1 }],
      payAmount: product.body.data.skus[0].price,
    },
  });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  // Before the order carries it, only its uploader sees the voucher.
  expect((await get(voucher, { authorization: `Bearer ${siyu}` })).statusCode).toBe(404);
  const confirmed = await t.call('POST', `/api/v1/orders/${order.body.data.id}/confirm-payment`, {
    token: admin,
    body: {
      payMethod: 'BANK_TRANSFER',
      paidAt: new Date(Date.now() - 60_000).toISOString(),
      voucherUrls: [voucher],
      version: order.body.data.version,
    },
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
});
afterAll(async () => t.close());

describe('private files', () => {
  it('serves product pictures to anyone, cached publicly', async () => {
    const res = await get(picture);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
  });

  it('refuses vouchers to anonymous callers', async () => {
    const res = await get(voucher);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
    expect(res.headers['cache-control']).not.toContain('public');
    const forged = await get(voucher, { cookie: `${COOKIE.token}=not-a-token` });
    expect(forged.statusCode).toBe(401);
  });

  it('serves vouchers to staff who may see the order, by header or by the session cookie', async () => {
    const ways: Record<string, string>[] = [
      { authorization: `Bearer ${admin}` },
      { cookie: `sidebarStatus=1; ${COOKIE.token}=${encodeURIComponent(siyu)}; language=zh` },
    ];
    for (const headers of ways) {
      const res = await get(voucher, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toMatch(/^private/);
    }
  });

  it('hides vouchers from staff outside the order or without order access', async () => {
    // siyu2 lists orders but only its own; chakan may list orders in its scope.
    expect((await get(voucher, { authorization: `Bearer ${siyu2}` })).statusCode).toBe(404);
    const viewer = await get(voucher, { cookie: `${COOKIE.token}=${chakan}` });
    expect([200, 404]).toContain(viewer.statusCode);
  });

  it('ends access with the session', async () => {
    const token = await t.login('siyu1', DEMO_PASSWORD);
    expect((await get(voucher, { cookie: `${COOKIE.token}=${token}` })).statusCode).toBe(200);
    await t.call('POST', '/api/v1/admin/logout', { token, body: {} });
    expect((await get(voucher, { cookie: `${COOKIE.token}=${token}` })).statusCode).toBe(401);
  });
});
