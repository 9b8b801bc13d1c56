import {
  envelopeOf,
  mfaCodeBody,
  mfaLoginBody,
  mfaLoginResult,
  mfaRecoveryCodes,
  mfaSetup,
  mfaStatus,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { MfaService } from './mfa';
import type { AuthService } from './service';

const SIGNED_IN = { authenticated: true } as const;

/** The second sign-in step and the profile page's two-step verification. */
export const mfaRoutes = async (app: FastifyInstance, opts: { auth: AuthService; mfa: MfaService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  r.post(
    '/api/v1/admin/login/mfa',
    {
      config: { access: { public: true } },
      schema: { tags, body: mfaLoginBody, response: { 200: envelopeOf(mfaLoginResult) } },
    },
    async (req) => ok(await opts.auth.loginMfa(req.body.ticket, req.body.code, req)),
  );
  r.get(
    '/api/v1/profile/mfa',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(mfaStatus) } } },
    async (req) => ok(await opts.mfa.status(principalOf(req))),
  );
  r.post(
    '/api/v1/profile/mfa/setup',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(mfaSetup) } } },
    async (req) => ok(await opts.mfa.setup(principalOf(req))),
  );
  r.post(
    '/api/v1/profile/mfa/enable',
    {
      config: { access: SIGNED_IN },
      schema: { tags, body: mfaCodeBody, response: { 200: envelopeOf(mfaRecoveryCodes) } },
    },
    async (req) => ok(await opts.mfa.confirmSetup(principalOf(req), req.body.code, requestIp(req))),
  );
  r.post(
    '/api/v1/profile/mfa/recovery-codes',
    {
      config: { access: SIGNED_IN },
      schema: { tags, body: mfaCodeBody, response: { 200: envelopeOf(mfaRecoveryCodes) } },
    },
    async (req) => ok(await opts.mfa.regenerateRecovery(principalOf(req), req.body.code, requestIp(req))),
  );
  r.post(
    '/api/v1/profile/mfa/disable',
    {
      config: { access: SIGNED_IN },
      schema: { tags, body: mfaCodeBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.mfa.disable(principalOf(req), req.body.code, requestIp(req));
      return ok(null);
    },
  );
};
