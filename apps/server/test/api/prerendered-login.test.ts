import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../support/app';
import { pageOf } from '../support/pages';

/** A console build with the login page prerendered per language (apps/web vite-plugins/prerender-login.ts). */
const writeDist = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const pages: Record<string, string> = { 'index.html': '<!doctype html><div id="root">console</div>' };
  for (const lang of ['zh', 'en', 'es', 'ja'])
    pages[`login.${lang}.html`] = `<!doctype html><div id="prerendered-login">login ${lang}</div>`;
  for (const [name, text] of Object.entries(pages)) {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
  }
  return dir;
};

describe('the prerendered login page', () => {
  let t: TestApp;
  let dir: string;
  let token: string;

  beforeAll(async () => {
    dir = writeDist();
    t = await createTestApp({}, { webDistDir: dir });
    token = await t.login('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = pageOf(() => t);

  it('answers /login without a session in the language the console picks: cookie, browser, en', async () => {
    expect((await page('/login', { 'accept-language': 'ja,en;q=0.8' })).body).toContain('login ja');
    expect((await page('/login', { 'accept-language': 'fr-FR, es-419;q=0.9' })).body).toContain('login es');
    expect((await page('/login', { 'accept-language': 'fr' })).body).toContain('login en');
    expect((await page('/login')).body).toContain('login en');
    const cookie = await page('/login?redirect=%2Fdashboard', {
      'accept-language': 'ja',
      cookie: 'sidebarStatus=1; language=zh',
    });
    expect(cookie.body).toContain('login zh');
    expect(cookie.res.headers.vary).toMatch(/cookie/i);
    expect(cookie.res.headers.vary).toMatch(/accept-language/i);
    expect(cookie.res.headers['cache-control']).toBe('no-cache');
    // Precompressed like every other page.
    const br = await page('/login', { 'accept-encoding': 'br', 'accept-language': 'zh-CN' });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(br.body).toContain('login zh');
  });

  it('answers a page without a session with the login page too (boot.ts turns it into /login?redirect=…)', async () => {
    expect((await page('/client/list?page=2&keyword=%E5%BC%A0', { 'accept-language': 'zh' })).body).toContain(
      'login zh',
    );
    expect((await page('/dashboard', { 'accept-language': 'en' })).body).toContain('login en');
  });

  it('leaves the pages that open without a session, and every page with one, to index.html', async () => {
    expect((await page('/auth-redirect?code=1')).body).toContain('console');
    const session = { cookie: `Admin-Token=${encodeURIComponent(token)}`, 'accept-language': 'zh' };
    expect((await page('/login', session)).body).toContain('console');
    expect((await page('/client/list', session)).body).toContain('console');
  });
});
