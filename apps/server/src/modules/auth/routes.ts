import {
  adminInfo,
  authProvidersResult,
  envelopeOf,
  loginBody,
  loginResult,
  tokenBody,
  tokenResult,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { said, writeAudit } from '../../lib/audit';
import { unauthorized } from '../../lib/errors';
import { requestIp } from '../../lib/request-context';
import { tokenOf } from '../../plugins/access';
import type { AuthService } from './service';
import type { SessionService } from './sessions';
import { startSignIn } from './signin-nonce';

const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

/** The spec's four calls (section 7), exactly: POST with JSON bodies, `{token}` or the Bearer header. */
export const authRoutes = async (
  app: FastifyInstance,
  opts: { auth: AuthService; sessions: SessionService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/api/v1/admin/login',
    {
      config: { access: { public: true } },
      // A token, or (accounts with a second step) the challenge for POST /api/v1/admin/login/mfa.
      schema: { tags, body: loginBody, response: { 200: envelopeOf(loginResult) } },
    },
    async (req) => ok(await opts.auth.login(req.body.username, req.body.password, req)),
  );

  r.post(
    '/api/v1/admin/refresh-token',
    {
      config: { access: { public: true }, tokenInBody: true },
      schema: { tags, body: tokenBody.optional(), response: { 200: envelopeOf(tokenResult) } },
    },
    async (req) => {
      const token = tokenOf(req);
      if (!token) throw unauthorized();
      return ok(await opts.auth.refresh(token, req));
    },
  );

  r.post(
    '/api/v1/admin/info',
    {
      config: { access: { authenticated: true }, tokenInBody: true },
      schema: { tags, body: tokenBody.optional(), response: { 200: envelopeOf(adminInfo) } },
    },
    async (req) => {
      const p = req.principal;
      if (!p) throw unauthorized();
      return ok({
        id: p.userId,
        username: p.username,
        roles: p.roleKeys,
        nickname: p.nickname,
        avatar_url: p.avatarUrl,
        introduction: p.introduction,
        permissions: p.permissionList,
        dataScope: p.dataScope,
        lang: p.lang,
      });
    },
  );

  r.post(
    '/api/v1/admin/logout',
    {
      config: { access: { authenticated: true }, tokenInBody: true },
      schema: { tags, body: tokenBody.optional(), response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      const p = req.principal;
      if (!p) throw unauthorized();
      const now = app.deps.now();
      await app.db.transaction(async (tx) => {
        await opts.sessions.revoke(p.sessionId, 'logout', now, tx);
        await writeAudit(tx, {
          actorId: p.userId,
          actorName: p.username,
          action: 'auth.logout',
          targetType: 'session',
          targetId: p.sessionId,
          summary: said('signed out', {}),
          ip: requestIp(req),
        });
      });
      return ok(null);
    },
  );

  r.get(
    '/api/v1/admin/auth-providers',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: envelopeOf(authProvidersResult) } },
    },
    async (req, reply) => {
      const nonce = startSignIn(req, reply);
      return ok({ providers: await opts.auth.providers(`${req.protocol}://${req.host}`, nonce) });
    },
  );
};
