import fs from 'node:fs';
import path from 'node:path';
import { COOKIE, DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from '@educrm/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cookieOf } from '../lib/cookies';
import { registerAssets } from './assets';
import { sendError } from './errors';

/** index.html and unhashed files (logo.svg): kept, but revalidated on every use (ETag -> 304). */
const REVALIDATE = 'no-cache';

/** Paths the console opens without a session besides /login (apps/web router/table.ts WHITELIST). */
const OPEN_WITHOUT_SESSION = new Set(['/auth-redirect']);

/**
 * Which of the build's prerendered login pages (login.<lang>.html, apps/web
 * vite-plugins/prerender-login.ts) answers a page request, or undefined for index.html. The
 * console shows the login page at /login without a session and, without a session, everywhere but
 * /auth-redirect (boot.ts turns the address into /login?redirect=…), in the language it will pick:
 * the language cookie, else the browser's languages, else en (apps/web src/i18n/language.ts).
 * With the session cookie the console itself decides (it goes home from /login).
 */
export const loginPageFor = (req: FastifyRequest, urlPath: string, available: ReadonlySet<Language>) => {
  if (available.size === 0 || cookieOf(req, COOKIE.token)) return undefined;
  if (urlPath !== '/login' && OPEN_WITHOUT_SESSION.has(urlPath)) return undefined;
  const cookie = cookieOf(req, COOKIE.language);
  const lang = (LANGUAGES as readonly string[]).includes(cookie ?? '')
    ? (cookie as Language)
    : pickLanguage(req.headers['accept-language'], DEFAULT_LANGUAGE);
  return available.has(lang) ? `login.${lang}.html` : undefined;
};

/**
 * Serves the built console. The build writes a brotli (.br) and a gzip (.gz) copy beside every
 * text file (apps/web/vite-plugins/precompress.ts); the one the browser accepts is served (br
 * first) with `Vary: Accept-Encoding`, so serving costs no compression CPU per request. Files under
 * /assets/ carry a content hash, are immutable and are served from memory (plugins/assets.ts); the
 * rest by @fastify/static from disk, index.html revalidated (ETag).
 * History fallback: an extension-less GET outside /api answers index.html; a missing asset (a path
 * with an extension) is a plain 404; unknown /api paths get the JSON envelope.
 */
export const registerSpa = async (app: FastifyInstance, distDir: string | undefined) => {
  const hasDist = Boolean(distDir && fs.existsSync(path.join(distDir, 'index.html')));
  const loginPages = new Set<Language>(
    hasDist && distDir ? LANGUAGES.filter((l) => fs.existsSync(path.join(distDir, `login.${l}.html`))) : [],
  );
  if (hasDist && distDir) {
    registerAssets(app, distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      globIgnore: ['assets/**'],
      index: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      // The .br/.gz copies are served in place of their file, never as URLs of their own.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(reply) {
        reply.header('cache-control', REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) return sendError(req, reply, 404, 'apiNotFound');
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !path.posix.extname(url);
    if (isPageRequest && hasDist) {
      const page = loginPageFor(req, url, loginPages) ?? 'index.html';
      // The answer depends on the session and language cookies and on Accept-Language.
      if (loginPages.size > 0) reply.header('vary', 'Cookie, Accept-Language');
      return reply.type('text/html; charset=utf-8').sendFile(page);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
};
