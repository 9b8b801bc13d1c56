import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
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

declare module 'fastify' {
  interface FastifyContextConfig {
    tokenInBody?: boolean;
  }
  interface FastifyRequest {
    /** Set by a route's own onRequest hook that accepted a machine credential (METRICS_TOKEN). */
    accessGranted: boolean;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access: the role x route matrix test walks it. */
    routeAccess: { method: string; url: string; access: RouteAccess }[];
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
 * code) or the server refuses to start. The check runs before body validation, so an anonymous or
 * unpermitted caller learns nothing about the body schema.
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
        if (method !== 'HEAD') app.routeAccess.push({ method, url: route.url, access });
      }
    });
    // Requests that change sessions, users, roles or profiles clear this instance's session cache
    // before answering (other instances learn it from the database's NOTIFY).
    app.addHook('onSend', async (req, _reply, payload) => {
      if (changesAuth(req.method, req.routeOptions.url)) opts.sessions.cache.clear();
      return payload;
    });
    app.addHook('preValidation', async (req) => {
      const access = req.routeOptions.config.access;
      if (!access || 'public' in access || req.accessGranted) return;
      const token = tokenOf(req);
      if (!token) throw unauthorized();
      const principal = await opts.sessions.authenticate(token, app.deps.now());
      if (!principal) throw unauthorized();
      req.principal = principal;
      if ('permission' in access && !holdsAny(principal.permissions, access.permission)) throw forbidden();
    });
  },
  { name: 'access' },
);
