import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HSTS } from '../../src/plugins/security';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1', DEMO_DATA: '0' });
});
afterAll(async () => t.close());

describe('HSTS behind a trusted proxy', () => {
  it('is sent when the proxy says the request came over HTTPS, on pages and API alike', async () => {
    for (const url of ['/api/health', '/login']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(res.headers['strict-transport-security'], url).toBe(HSTS);
    }
    expect(HSTS).toMatch(/^max-age=\d{8}/);
  });

  it('is not sent for plain HTTP', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const http = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
