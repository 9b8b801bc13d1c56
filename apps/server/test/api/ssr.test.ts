import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_PLACEHOLDER } from '@educrm/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { pageOf } from '../support/pages';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="stylesheet" href="/assets/antd-1.css" data-antd-styles>
    <title>EduCRM 管理后台</title>
    <meta name="antd-page-styles" content="/assets/antd-pages-2.css" data-antd-styles>
    <script type="module" crossorigin src="/assets/index-3.js"></script>
  </head>
  <body>
    ${ROOT_PLACEHOLDER}
  </body>
</html>`;

/**
 * A stand-in for the web build's render worker (apps/web src/ssr/worker.ts) that speaks its
 * protocol (@educrm/contract ssr.ts): it asks for the session info and for the admin users list
 * (a permission the sales role lacks), and renders what the server answered. `/slow` never
 * answers, `/crash` ends the worker.
 */
const WORKER = `
import { parentPort } from 'node:worker_threads';
let calls = 0;
const waiting = new Map();
const api = (id, request) => new Promise((resolve) => {
  const call = ++calls;
  waiting.set(call, resolve);
  parentPort.postMessage({ type: 'api', id, call, request });
});
parentPort.on('message', async (m) => {
  if (m.type === 'api') return waiting.get(m.call)?.(m.answer);
  const { id, input } = m;
  if (input.url === '/crash') process.exit(3);
  const info = await api(id, { method: 'POST', url: '/api/v1/admin/info' });
  if (info.status !== 200) return parentPort.postMessage({ type: 'done', id, result: { ok: false, reason: 'session' } });
  if (input.url === '/slow') return;
  if (input.url === '/write') {
    const logout = await api(id, { method: 'POST', url: '/api/v1/admin/logout' });
    return parentPort.postMessage({ type: 'done', id, result: { ok: false, reason: 'logout:' + logout.status } });
  }
  const users = await api(id, { method: 'GET', url: '/api/v1/system/admin-users?page=1&pageSize=5', acceptLanguage: 'en' });
  parentPort.postMessage({ type: 'done', id, result: {
    ok: true,
    markup: '<div data-testid="page">' + info.body.data.nickname + ' users:' + users.status + ' url:' + input.url
      + ' lang:' + (input.languageCookie ?? '-') + ' size:' + (input.sizeCookie ?? '-') + ' $& $1</div>'
      + '<p>' + 'a page worth compressing '.repeat(100) + '</p>',
    styles: '.css-var-x{--ant-color-primary:#123456}',
    title: 'Page - EduCRM',
    lang: 'en',
    css: ['assets/page-4.css'],
    js: ['assets/page-5.js'],
    pageStyles: true,
    state: JSON.stringify({ queries: [{ text: '</script><script>alert(1)</script>' }] }),
  } });
});
parentPort.postMessage({ type: 'ready' });
`;

const writeDist = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'educrm-ssr-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.mkdirSync(path.join(dir, 'server'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'server', 'worker.js'), WORKER);
  fs.writeFileSync(path.join(dir, 'server', 'page-assets.json'), '{}');
  return dir;
};

describe('signed-in pages rendered on the server', () => {
  let t: TestApp;
  let dir: string;
  let admin: string;
  let sales: string;

  beforeAll(async () => {
    dir = writeDist();
    t = await createTestApp({}, { webDistDir: dir });
    admin = await t.login('admin', ADMIN_PASSWORD);
    sales = await t.login('siyu1', DEMO_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const page = pageOf(() => t);
  /** A browser in the server's time zone (the console writes this cookie on every load). */
  const zone = `timeZone=${encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone)}`;

  it("puts the session user's page into index.html, private to the session", async () => {
    const { body, res } = await page('/client/list?page=2', {
      cookie: `Admin-Token=${admin}; language=ja; size=small; ${zone}`,
      'accept-encoding': 'br',
    });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['content-encoding']).toBe('br');
    // The render's API calls went through the API with the cookie's token (and its permissions).
    expect(body).toContain('超级管理员 users:200 url:/client/list?page=2 lang:ja size:small $& $1');
    // A picture of the page until the scripts render: inert, its test ids renamed.
    expect(body).toContain('<div id="root"><div data-ssr="" inert=""><div data-ssr-testid="page">');
    expect(body).toContain('<html lang="en">');
    expect(body).toContain('<title>Page - EduCRM</title>');
    expect(body).toMatch(
      /<link rel="stylesheet" href="\/assets\/antd-1.css" data-antd-styles><link rel="stylesheet" href="\/assets\/antd-pages-2.css" data-antd-page-styles=""><style data-ssr-styles="">\.css-var-x/,
    );
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/page-4.css">');
    expect(body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/page-5.js" fetchpriority="low">',
    );
    // The state cannot close its element.
    expect(body).toContain('<script type="application/json" id="ssr-state">');
    expect(body).not.toContain('</script><script>alert');
    const state = /<script type="application\/json" id="ssr-state">(.*?)<\/script>/.exec(body)?.[1] ?? '';
    expect(JSON.parse(state)).toEqual({ queries: [{ text: '</script><script>alert(1)</script>' }] });
  });

  it("makes the render's calls with the user's own permissions", async () => {
    const { body } = await page('/dashboard', { cookie: `Admin-Token=${sales}; ${zone}` });
    expect(body).toContain('users:403');
  });

  it('answers plain index.html without a valid session, and never renders login or error pages', async () => {
    for (const cookie of [`Admin-Token=${admin}x; ${zone}`, `Admin-Token=nonsense; ${zone}`]) {
      const { body, res } = await page('/dashboard', { cookie });
      expect(body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/login', '/404', '/401', '/auth-redirect'])
      expect((await page(url, { cookie: `Admin-Token=${admin}; ${zone}` })).body).toBe(INDEX);
    // A browser in another time zone (times would be drawn in the server's), or one that never said.
    for (const cookie of [`Admin-Token=${admin}; timeZone=Pacific%2FChatham`, `Admin-Token=${admin}`])
      expect((await page('/dashboard', { cookie })).body).toBe(INDEX);
    // Nor a phone (the layout is a drawer there).
    expect(
      (await page('/dashboard', { cookie: `Admin-Token=${admin}; ${zone}`, 'sec-ch-ua-mobile': '?1' })).body,
    ).toBe(INDEX);
    // HEAD and page requests without the cookie are not rendered either.
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/dashboard',
      headers: { cookie: `Admin-Token=${admin}` },
    });
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('answers index.html when the render is too slow or the worker dies, and renders again after', async () => {
    const started = Date.now();
    expect((await page('/slow', { cookie: `Admin-Token=${admin}; ${zone}` })).body).toBe(INDEX);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await page('/crash', { cookie: `Admin-Token=${admin}; ${zone}` })).body).toBe(INDEX);
    expect((await page('/dashboard', { cookie: `Admin-Token=${admin}; ${zone}` })).body).toContain(
      'users:200',
    );
  });

  it('lets a render read, never write: its one POST is the session info', async () => {
    expect((await page('/write', { cookie: `Admin-Token=${admin}; ${zone}` })).body).toBe(INDEX);
    expect((await page('/dashboard', { cookie: `Admin-Token=${admin}; ${zone}` })).body).toContain(
      'users:200',
    );
  });

  it('never serves the render worker as a file', async () => {
    for (const url of ['/server/worker.js', '/server/page-assets.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });
});
