import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isQuietUrl, RecentErrors, redactUrl, requestIdFor } from '../../src/lib/logging';

const raw = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('logging helpers', () => {
  it('redacts signatures and tokens in query strings, nothing else', () => {
    expect(redactUrl('/api/v1/exports/a/download?exp=1&sig=SECRET')).toBe(
      '/api/v1/exports/a/download?exp=1&sig=[redacted]',
    );
    expect(redactUrl('/x?token=abc&page=2')).toBe('/x?token=[redacted]&page=2');
    expect(redactUrl('/api/v1/clients?page=2&sort=-id')).toBe('/api/v1/clients?page=2&sort=-id');
  });
  it('keeps a sane request id from a proxy, makes one otherwise', () => {
    expect(requestIdFor(raw('0123456789abcdef0123456789abcdef'))).toBe('0123456789abcdef0123456789abcdef');
    expect(requestIdFor(raw('short'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(raw('a b c d e f g h'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(raw('x'.repeat(200)))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(raw())).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('treats probes, scrapes and static files as quiet', () => {
    for (const u of ['/api/health', '/api/ready?x=1', '/api/metrics', '/assets/index.js', '/client/list']) {
      expect(isQuietUrl(u), u).toBe(true);
    }
    expect(isQuietUrl('/api/v1/clients')).toBe(false);
  });
  it('keeps only the last N errors, newest first, with message, error and request id', () => {
    const ring = new RecentErrors(2);
    let counted = 0;
    ring.onRecord(() => counted++);
    ring.record(50, { reqId: 'r1' }, [{ err: new Error('one') }, 'first']);
    ring.record(50, {}, ['second']);
    ring.record(60, { reqId: 'r3' }, [new TypeError('three')]);
    expect(counted).toBe(3);
    expect(ring.list()).toMatchObject([
      { level: 'fatal', msg: 'three', error: 'TypeError: three', reqId: 'r3' },
      { level: 'error', msg: 'second', error: null, reqId: null },
    ]);
  });
});
