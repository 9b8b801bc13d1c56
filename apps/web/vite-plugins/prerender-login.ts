import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@educrm/contract/constants';
import { createServer, type Plugin } from 'vite';
import type { PrerenderedLogin } from '../src/prerender/login';
import { ANTD_STYLES_ATTR } from './antd-styles.ts';
import { chunksOf, ownClosure } from './chunk-closure.ts';
import { SIGNED_IN_ATTR } from './layout-preload.ts';

const LOGIN_MODULE = /[\\/]src[\\/]pages[\\/]login[\\/]LoginPage\.tsx$/;
/** The loading state index.html shows until React renders (its whole #root). */
export const ROOT_PLACEHOLDER =
  '<div id="root"><div class="app-loading" aria-hidden="true"><span class="app-loading__spinner"></span></div></div>';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface LoginAssets {
  js: string[];
  css: string[];
}

/**
 * index.html turned into the login page of one language: its markup, title, lang, CSS and chunk.
 * antd's prebuilt stylesheets (antd-styles.ts) and the layout's preloads (layout-preload.ts) are
 * left out: the login page has no antd and loads nothing of the layout.
 */
export const loginHtml = (indexHtml: string, page: PrerenderedLogin, assets: LoginAssets): string => {
  if (!indexHtml.includes(ROOT_PLACEHOLDER)) throw new Error('prerender-login: #root placeholder not found');
  const head = [
    ...assets.css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
    ...assets.js.map((href) => `<link rel="modulepreload" crossorigin href="/${href}">`),
  ].join('\n    ');
  return indexHtml
    .replace(new RegExp(`\\s*<(link|meta) [^>]*(${ANTD_STYLES_ATTR}|${SIGNED_IN_ATTR})[^>]*>`, 'g'), '')
    .replace(/<html lang="[^"]*">/, `<html lang="${page.lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(ROOT_PLACEHOLDER, `<div id="prerendered-login">${page.markup}</div><div id="root"></div>`);
};

/**
 * Writes `login.<lang>.html` for every UI language: index.html with the login page already in it
 * (rendered by the console's own component, src/prerender/login.tsx, through Vite's SSR loader),
 * its stylesheets linked in <head> and its chunk preloaded. The server answers it for /login (and
 * for a page without a session, which boot.ts turns into /login) in the language the console
 * would pick, so the page is visible before any script has run; the live page takes over when it
 * mounts (src/pages/login/prerendered.ts). Runs in writeBundle, before precompress's closeBundle.
 */
export const prerenderLogin = (): Plugin => {
  let outDir = '';
  let root = '';
  return {
    name: 'educrm:prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const login = chunks.find((c) => c.facadeModuleId && LOGIN_MODULE.test(c.facadeModuleId));
      if (!login) throw new Error('prerender-login: no chunk for LoginPage.tsx');
      // The login chunk and the chunks it imports statically, minus the entry's (index.html has those).
      const { js, css } = ownClosure(chunksOf(bundle), login.fileName);
      // Each language's messages too (the entry imports the UI language's file before it renders).
      const messagesOf = (lang: string) =>
        chunks.find(
          (c) =>
            c.facadeModuleId &&
            new RegExp(`[\\\\/]src[\\\\/]i18n[\\\\/]${lang}\\.ts$`).test(c.facadeModuleId),
        );

      const indexHtml = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
      const server = await createServer({
        configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
        root,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
      });
      try {
        const mod = (await server.ssrLoadModule(
          '/src/prerender/login.tsx',
        )) as typeof import('../src/prerender/login');
        for (const lang of LANGUAGES) {
          const page = await mod.renderLogin(lang);
          const messages = messagesOf(lang)?.fileName;
          const own = { js: messages ? [...js, messages] : js, css };
          await fs.writeFile(path.join(outDir, `login.${lang}.html`), loginHtml(indexHtml, page, own));
        }
      } finally {
        await server.close();
      }
    },
  };
};
