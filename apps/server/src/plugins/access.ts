import { COOKIE } from '@educrm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cookieOf } from '../lib/cookies';
import { forbidden, unauthorized } from '../lib/errors';
import type { SessionService } from '../modules/auth/sessions';
import type { RouteAccess } from '../types';

const bearer = (req: FastifyRequest): string | undefined => {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
};

/**
 * The token of a request: the Bearer header, or `{token}` in the body for the spec's four auth
 * calls. Never a cookie, so a request forged by another site carries no credentials.
 */
export const tokenOf = (req: FastifyRequest): string | undefined => {
  const fromHeader = bearer(req);
  if (fromHeader) return fromHeader;
  const body = req.body as { token?: unknown } | undefined;
  if (req.routeOptions.config.tokenInBody && body && typeof body.token === 'string') return body.token;
  return undefined;
};

/**
 * The console's session cookie (spec section 4), read for reads a browser makes without our HTTP
 * client only: `<img>` requests for private files and the API documentation pages, which carry no
 * Authorization header. Such a GET changes nothing, and the cookie is SameSite=Strict, so no other
 * site can make use of it.
 */
export const browserToken = (req: FastifyRequest): string | undefined => {
  const fromHeader = bearer(req);
  if (fromHeader) return fromHeader;
  return cookieOf(req, COOKIE.token);
};

declare module 'fastify' {
  interface FastifyContextConfig {
    tokenInBody?: boolean;
    /** GET downloads a browser opens as a page (signed links): the session cookie counts too. */
    browserSession?: boolean;
    /** A machine credential (METRICS_TOKEN) the route accepts instead of a session. */
    machineAccess?: (req: FastifyRequest) => boolean;
  }
  interface FastifyRequest {
    /** Set when the route's `machineAccess` accepted a machine credential (METRICS_TOKEN). */
    accessGranted: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access: the role x route matrix test walks it. */
    /** `hidden`: left out of the OpenAPI document (`schema.hide`: metrics, WeCom callbacks). */
    routeAccess: { method: string; url: string; access: RouteAccess; hidden: boolean }[];
  }
}

const AUTH_AFFECTING = [
  '/api/v1/admin/logout',
  '/api/v1/admin/refresh-token',
  '/api/v1/system/',
  '/api/v1/profile',
];
export const changesAuth = (method: string, url: string | undefined) =>
  method !== 'GET' &&
  method !== 'HEAD' &&
  url != null &&
  AUTH_AFFECTING.some((prefix) => url.startsWith(prefix));

export const holdsAny = (held: ReadonlySet<string>, needed: string | readonly string[]) =>
  typeof needed === 'string' ? held.has(needed) : needed.some((c) => held.has(c));

/**
 * Default deny: every /api route must declare its access (public, authenticated or a permission
 * code) or the server refuses to start. The check runs in `onRequest`, before the body is read, so
 * an anonymous or unpermitted caller learns nothing about the body schema.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { sessions: SessionService }) => {
    app.decorateRequest('principal', null);
    app.decorateRequest('accessGranted', false);
    app.decorate('routeAccess', []);
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      if (route.url.startsWith('/api/docs')) return;
      const access = (route.config as { access?: RouteAccess } | undefined)?.access;
      if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
      for (const method of [route.method].flat()) {
        const hidden = (route.schema as { hide?: boolean } | undefined)?.hide === true;
        if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access, hidden });
      }
    });
    // Requests that change sessions, users, roles or profiles clear this instance's session cache
    // before answering (other instances learn it from the database's NOTIFY).
    app.addHook('onSend', async (req, _reply, payload) => {
      if (changesAuth(req.method, req.routeOptions.url)) opts.sessions.cache.clear();
      return payload;
    });
    // Identity and permission are checked on the headers alone, before any body or multipart
    // upload is read or validated: an anonymous or forbidden caller always gets 401 / 403 and never
    // makes the server parse what it sent. Only the spec's `{token}`-in-body calls without a Bearer
    // header wait for their (tiny) body.
    const check = async (req: FastifyRequest, reply: FastifyReply, token: string | undefined) => {
      const access = req.routeOptions.config.access;
      if (!access || 'public' in access || req.accessGranted) return;
      if (req.routeOptions.config.machineAccess?.(req)) {
        req.accessGranted = true;
        return;
      }
      if (!token) throw unauthorized();
      const principal = await opts.sessions.authenticate(token, app.deps.now());
      if (!principal) throw unauthorized();
      req.principal = principal;
      // Every log line of the request (including "request completed") names the caller.
      req.log = req.log.child({ userId: principal.userId });
      reply.log = req.log;
      if ('permission' in access && !holdsAny(principal.permissions, access.permission)) throw forbidden();
    };
    // The OpenAPI document and Swagger UI: signed-in staff only, unless OPENAPI_PUBLIC=1.
    app.addHook('onRequest', async (req) => {
      if (app.deps.config.openapiPublic || !req.url.startsWith('/api/docs')) return;
      const token = browserToken(req);
      const principal = token ? await opts.sessions.authenticate(token, app.deps.now()) : null;
      if (!principal) throw unauthorized();
    });
    app.addHook('onRequest', async (req, reply) => {
      const token = req.routeOptions.config?.browserSession ? browserToken(req) : bearer(req);
      if (!token && req.routeOptions.config?.tokenInBody) return;
      await check(req, reply, token);
    });
    app.addHook('preValidation', async (req, reply) => {
      if (req.principal || bearer(req) || !req.routeOptions.config?.tokenInBody) return;
      await check(req, reply, tokenOf(req));
    });
  },
  { name: 'access' },
);
