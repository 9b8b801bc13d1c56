import fs from 'node:fs';
import path from 'node:path';
import type { SsrApiCall, SsrRenderInput } from '@educrm/contract';
import { COOKIE, DEVICE_COOKIE, SETTINGS_COOKIE, TIME_ZONE_COOKIE } from '@educrm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieOf } from '../lib/cookies';
import { compressPayload } from './compress';
import { ssrHtml } from './ssr-html';
import { createSsrRenderer } from './ssr-worker';

const INFO_URL = '/api/v1/admin/info';

/** Pages the server never renders: outside the layout (their own chunks render them at once). */
const NOT_RENDERED = new Set(['/login', '/auth-redirect', '/401', '/404']);

/**
 * The server-rendered first paint of signed-in pages (apps/web src/ssr). A GET of a page with the
 * session cookie is rendered by the worker, with the session, language, size and sidebar of the
 * request; the API calls of the render are made here in-process with the cookie's token as the
 * Bearer header (the API's own access checks and data scope; the API itself still refuses
 * cookie-only tokens, and this GET has no side effect). The answer is private to the session
 * (`no-store`, `Vary: Cookie`). Whatever goes wrong, the caller answers plain index.html.
 * Returns undefined when the build has no render worker.
 */
export const registerSsr = (app: FastifyInstance, distDir: string) => {
  const renderer = createSsrRenderer(distDir, app.log);
  if (!renderer) return undefined;
  app.addHook('onClose', () => renderer.close());
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const serverTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return async (req: FastifyRequest, reply: FastifyReply, urlPath: string): Promise<boolean> => {
    const token = cookieOf(req, COOKIE.token);
    if (req.method !== 'GET' || !token || NOT_RENDERED.has(urlPath)) return false;
    // A phone draws the layout as a drawer, which the server cannot know to render: not rendered.
    if (req.headers['sec-ch-ua-mobile'] === '?1') return false;
    // The console shows times in the browser's zone: only a browser in the server's is rendered.
    if (cookieOf(req, TIME_ZONE_COOKIE) !== serverTimeZone) return false;
    const input: SsrRenderInput = { url: req.url };
    const languageCookie = cookieOf(req, COOKIE.language);
    const sizeCookie = cookieOf(req, COOKIE.size);
    const sidebarCookie = cookieOf(req, COOKIE.sidebarStatus);
    const settingsCookie = cookieOf(req, SETTINGS_COOKIE);
    if (settingsCookie) input.settingsCookie = settingsCookie;
    const deviceCookie = cookieOf(req, DEVICE_COOKIE);
    if (deviceCookie) input.deviceCookie = deviceCookie;
    if (languageCookie) input.languageCookie = languageCookie;
    if (sizeCookie) input.sizeCookie = sizeCookie;
    if (sidebarCookie) input.sidebarCookie = sidebarCookie;
    if (req.headers['accept-language']) input.acceptLanguage = req.headers['accept-language'];
    const api = async (call: SsrApiCall) => {
      // A render reads: GETs under /api, and the session info (a POST that changes nothing).
      const allowed = call.method === 'GET' ? call.url.startsWith('/api/') : call.url === INFO_URL;
      if (!allowed) return { status: 400, body: null };
      const answer = await app.inject({
        method: call.method,
        url: call.url,
        // A POST of the render (the session info) carries an empty JSON object, as the console's does.
        ...(call.method === 'POST' ? { payload: {} } : {}),
        headers: {
          authorization: `Bearer ${token}`,
          ...(call.acceptLanguage ? { 'accept-language': call.acceptLanguage } : {}),
          ...(req.headers['user-agent'] ? { 'user-agent': req.headers['user-agent'] } : {}),
        },
      });
      let body: unknown = null;
      try {
        body = answer.json();
      } catch {
        body = null;
      }
      return { status: answer.statusCode, body };
    };
    const result = await renderer.render(input, api);
    if (!result?.ok) {
      if (result) req.log.debug({ reason: result.reason }, 'ssr: page not rendered');
      return false;
    }
    let html: string;
    try {
      html = ssrHtml(indexHtml, result);
    } catch (error) {
      req.log.warn({ err: error }, 'ssr: page not rendered');
      return false;
    }
    reply
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8');
    await reply.send(await compressPayload(req, reply, html));
    return true;
  };
};
