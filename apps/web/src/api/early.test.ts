import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyKey, KEEP_MS, startEarly, takeEarly } from './early';
import { http, request, requestEarly } from './http';

const ok = (config: InternalAxiosRequestConfig, data: unknown) => ({
  data: { code: 0, msg: 'ok', data },
  status: 200,
  statusText: 'OK',
  headers: {},
  config,
});

describe('early GET calls (api/early.ts)', () => {
  const adapter = http.defaults.adapter;
  afterEach(() => {
    http.defaults.adapter = adapter;
    vi.useRealTimers();
  });

  it('match by url and params in any order, once', async () => {
    expect(earlyKey('/v1/x', { b: 2, a: 'z', c: undefined })).toBe(earlyKey('/v1/x', { a: 'z', b: '2' }));
    startEarly('/v1/x', { page: 1, pageSize: 20 }, () => Promise.resolve('rows'));
    expect(takeEarly({ url: '/v1/x', method: 'post', params: { page: 1, pageSize: 20 } })).toBeUndefined();
    expect(takeEarly({ url: '/v1/x', params: { page: 2, pageSize: 20 } })).toBeUndefined();
    startEarly('/v1/z', {}, () => Promise.resolve('zh rows'), 'zh');
    expect(takeEarly({ url: '/v1/z' }, 'en')).toBeUndefined(); // asked in another language
    expect(await takeEarly({ url: '/v1/z' }, 'zh')).toBe('zh rows');
    expect(await takeEarly({ url: '/v1/x', method: 'get', params: { pageSize: 20, page: 1 } })).toBe('rows');
    expect(takeEarly({ url: '/v1/x', method: 'get', params: { pageSize: 20, page: 1 } })).toBeUndefined();
  });

  it('are forgotten when no page has asked for them in time', () => {
    vi.useFakeTimers();
    startEarly('/v1/y', {}, () => Promise.resolve('rows'));
    vi.advanceTimersByTime(KEEP_MS + 1);
    expect(takeEarly({ url: '/v1/y', method: 'get' })).toBeUndefined();
  });

  it("hand their answer to the page's request; a failed one is sent again by the page", async () => {
    const seen: string[] = [];
    let fail = false;
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      seen.push(`${config.url} ${JSON.stringify(config.params)}${config.early ? ' early' : ''}`);
      if (fail && config.early)
        throw Object.assign(new Error('Network Error'), { config, isAxiosError: true });
      return ok(config, { items: [seen.length] });
    }) as AxiosAdapter;

    requestEarly('/v1/clients', { page: 1, pageSize: 20, sort: '-createdAt' });
    const rows = await request({
      url: '/v1/clients',
      method: 'get',
      params: { sort: '-createdAt', page: 1, pageSize: 20 },
    });
    expect(rows).toEqual({ items: [1] });
    expect(seen).toEqual(['/v1/clients {"page":1,"pageSize":20,"sort":"-createdAt"} early']);

    fail = true;
    seen.length = 0;
    requestEarly('/v1/clients', { page: 1, pageSize: 20 });
    const again = await request({ url: '/v1/clients', method: 'get', params: { page: 1, pageSize: 20 } });
    expect(seen).toEqual([
      '/v1/clients {"page":1,"pageSize":20} early',
      '/v1/clients {"page":1,"pageSize":20}',
    ]);
    expect(again).toEqual({ items: [2] });
  });
});
