import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';

/**
 * Issue 16 item 17: the small lookups a list page loads beside its list are cacheable: a short
 * private max-age (no request at all on a reload soon after), an ETag (304 without a body when the
 * browser revalidates and nothing changed), a new ETag as soon as the data changes, and never one
 * user's answer for another (Vary: Authorization).
 */
let t: TestApp;
let admin: string;
let siyu: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
});
afterAll(async () => t.close());

const LOOKUPS = [
  ['/api/v1/dict/options', 300],
  ['/api/v1/client-tags', 300],
  ['/api/v1/clients/staff-options', 300],
  ['/api/v1/clients/quota', 0],
] as const;

describe('lookup caching', () => {
  it.each(LOOKUPS)('%s: private max-age, ETag, Vary; 304 for a current copy', async (url, maxAge) => {
    const first = await t.call('GET', url, { token: siyu });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(`private, max-age=${maxAge}`);
    expect(String(first.headers.vary)).toMatch(/Authorization/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.call('GET', url, { token: siyu, headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    const stale = await t.call('GET', url, { token: siyu, headers: { 'if-none-match': 'W/"other"' } });
    expect(stale.status).toBe(200);
    expect(stale.body.data).toEqual(first.body.data);
  });

  it('a change gives a new ETag (the console revalidates after its own change and gets the new data)', async () => {
    const before = await t.call('GET', '/api/v1/client-tags', { token: admin });
    const created = await t.call('POST', '/api/v1/client-tags', {
      token: admin,
      body: { name: '缓存测试标签' },
    });
    expect(created.status).toBe(200);
    const after = await t.call('GET', '/api/v1/client-tags', {
      token: admin,
      headers: { 'if-none-match': String(before.headers.etag), 'cache-control': 'max-age=0' },
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.data.items.map((i: { name: string }) => i.name)).toContain('缓存测试标签');

    const dict = await t.call('GET', '/api/v1/dict/options', { token: admin });
    await t.call('POST', '/api/v1/dict/platforms', {
      token: admin,
      body: { code: 'CACHE', name: '缓存平台', type: 'OWN' },
    });
    const dict2 = await t.call('GET', '/api/v1/dict/options', {
      token: admin,
      headers: { 'if-none-match': String(dict.headers.etag) },
    });
    expect(dict2.status).toBe(200);
    expect(dict2.body.data.platforms.map((p: { name: string }) => p.name)).toContain('缓存平台');
  });

  it('other answers of the API stay uncached, and a refused caller gets no cacheable answer', async () => {
    const list = await t.call('GET', '/api/v1/clients/mine', { token: siyu });
    expect(list.headers['cache-control']).toBe('no-store');
    const anonymous = await t.call('GET', '/api/v1/client-tags');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
