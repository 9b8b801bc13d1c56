import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../../src/plugins/compress';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';

/** A console build as apps/web's precompress plugin leaves it: each text file with .br and .gz. */
const writeDist = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html><body>${'<div>console</div>'.repeat(80)}</body></html>`,
    'assets/index-abc123.js': `export const x = ${JSON.stringify('console code '.repeat(400))};`,
  };
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.writeFileSync(file, text);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
  }
  fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { dir, files };
};

describe('compression', () => {
  let t: TestApp;
  let dist: ReturnType<typeof writeDist>;
  let token: string;

  beforeAll(async () => {
    dist = writeDist();
    t = await createTestApp({}, { webDistDir: dist.dir });
    token = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the precompressed copy the browser accepts, br first, and says it varies', async () => {
    const js = dist.files['assets/index-abc123.js'] ?? '';
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);
  });

  it('answers 304 to the ETag of the copy it served; 404 for a missing asset or a path out of assets/', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br' });
    const etag = String(br.headers.etag ?? '');
    expect(etag).toMatch(/^".+"$/);
    const again = await get('/assets/index-abc123.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The identity copy is another representation: the br copy's tag does not match it.
    const plain = await get('/assets/index-abc123.js', { 'if-none-match': etag });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.etag).not.toBe(etag);
    for (const url of ['/assets/nope-1.js', '/assets/..%2Findex.html', '/assets/a%00.js'])
      expect((await get(url)).statusCode, url).toBe(404);
  });

  it('serves an asset the build wrote after the start, and only the copies there are', async () => {
    // A rebuild beside the running server: index.html names files that were not there at the start.
    const late = 'export const late = 1;'.repeat(100);
    fs.writeFileSync(path.join(dist.dir, 'assets', 'late-xyz.js'), late);
    fs.writeFileSync(path.join(dist.dir, 'assets', 'late-xyz.js.gz'), zlib.gzipSync(late));
    const res = await get('/assets/late-xyz.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(late);
    expect((await get('/logo.svg')).statusCode).toBe(200);
  });

  it('never serves the .br/.gz copies under their own names', async () => {
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });

  it('answers index.html for page routes, compressed, revalidated with an ETag', async () => {
    const first = await get('/client/list?page=2', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(first.rawPayload).toString()).toBe(dist.files['index.html']);
    const etag = String(first.headers.etag ?? '');
    expect(etag).not.toBe('');
    const again = await get('/dashboard', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect((await get('/logo.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON above the threshold with brotli or gzip, not small answers', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const big = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { ...headers, 'accept-encoding': 'gzip, br' },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const spec = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString());
    expect(spec.openapi).toMatch(/^3/);
    expect(Number(big.headers['content-length'])).toBe(big.rawPayload.length);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { ...headers, 'accept-encoding': 'gzip;q=1, br;q=0' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).openapi).toMatch(/^3/);

    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().openapi).toMatch(/^3/);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(0);
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
