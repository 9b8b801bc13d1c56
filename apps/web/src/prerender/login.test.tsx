import { LANGUAGES } from '@educrm/contract/constants';
import { describe, expect, it } from 'vitest';
import { loginHtml, ROOT_PLACEHOLDER } from '../../vite-plugins/prerender-login';
import { renderLogin } from './login';

const INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <link rel="stylesheet" href="/assets/antd-1234abcd.css" data-antd-styles>
    <title>EduCRM 管理后台</title>
    <meta name="antd-page-styles" content="/assets/antd-pages-5678abcd.css" data-antd-styles>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/layout-9.css" data-signed-in>
    <link rel="modulepreload" crossorigin href="/assets/layout-8.js" fetchpriority="low" data-signed-in>
  </head>
  <body>
    ${ROOT_PLACEHOLDER}
  </body>
</html>`;

describe('the login page rendered at build time', () => {
  it('is the login page in each language, its submit disabled until the live page takes over', async () => {
    for (const lang of LANGUAGES) {
      const page = await renderLogin(lang);
      expect(page.markup).toContain('data-testid="login-page-prerendered"');
      expect(page.markup).not.toContain('data-testid="login-page"');
      expect(page.markup).toMatch(/<input[^>]*name="username"/);
      expect(page.markup).toMatch(
        /<input[^>]*type="password"[^>]*name="password"|name="password"[^>]*type="password"/,
      );
      expect(page.markup).toMatch(/<button type="submit"[^>]*disabled=""/);
      // The current language's button is the pressed one.
      expect(page.markup).toMatch(new RegExp(`lang="${lang}"[^>]*aria-pressed="true"`));
    }
    const zhPage = await renderLogin('zh');
    expect(zhPage.lang).toBe('zh-CN');
    expect(zhPage.markup).toContain('<h1 class="login-title">登录管理后台</h1>');
    expect(zhPage.title).toBe('登录 - EduCRM 管理后台');
    const enPage = await renderLogin('en');
    expect(enPage.lang).toBe('en');
    expect(enPage.title).toBe('Log in - EduCRM 管理后台');
  });

  it('goes into index.html before #root, with its stylesheets and chunks in <head>', async () => {
    const page = await renderLogin('en');
    const html = loginHtml(INDEX, page, {
      js: ['assets/LoginPage-1.js', 'assets/en-2.js'],
      css: ['assets/LoginPage-3.css'],
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(`<title>${page.title}</title>`);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/LoginPage-3.css">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/en-2.js">');
    expect(html.indexOf('</head>')).toBeGreaterThan(html.indexOf('LoginPage-3.css'));
    expect(html).toContain(`<div id="prerendered-login">${page.markup}</div><div id="root"></div>`);
    // antd's prebuilt stylesheet is for the signed-in console: the login page has no antd.
    expect(html).not.toContain('antd-1234abcd.css');
    expect(html).not.toContain('antd-pages-5678abcd.css');
    // Nor the layout's preloads (vite-plugins/layout-preload.ts): nothing of the layout loads.
    expect(html).not.toContain('layout-');
    expect(html).not.toContain('data-signed-in');
    // No inline script: the CSP allows scripts from our origin only.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(() => loginHtml('<div id="root"></div>', page, { js: [], css: [] })).toThrow(/placeholder/);
  });
});
