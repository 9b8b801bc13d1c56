import {
  changePasswordBody,
  envelopeOf,
  profile,
  profileLanguage,
  profileUpdate,
  sessionRow,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import { readUpload } from '../files/service';
import type { AdminUserService } from './admin-users.service';
import type { ProfileService } from './profile.service';

const SIGNED_IN = { authenticated: true } as const;

export const profileRoutes = async (
  app: FastifyInstance,
  opts: { profiles: ProfileService; users: AdminUserService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  r.get(
    '/api/v1/profile',
    { config: { access: SIGNED_IN }, schema: { tags, response: { 200: envelopeOf(profile) } } },
    async (req) => ok(await opts.profiles.get(principalOf(req))),
  );
  r.put(
    '/api/v1/profile',
    {
      config: { access: SIGNED_IN },
      schema: { tags, body: profileUpdate, response: { 200: envelopeOf(profile) } },
    },
    async (req) => ok(await opts.profiles.update(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    '/api/v1/profile/language',
    {
      config: { access: SIGNED_IN },
      schema: { tags, body: profileLanguage, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.profiles.setLanguage(principalOf(req), req.body.lang);
      return ok(null);
    },
  );
  r.post(
    '/api/v1/profile/avatar',
    {
      config: { access: SIGNED_IN },
      schema: { tags, response: { 200: envelopeOf(z.object({ avatarUrl: z.string() })) } },
    },
    async (req) => {
      const data = await readUpload(req);
      return ok(await opts.profiles.setAvatar(principalOf(req), data, requestIp(req)));
    },
  );
  r.put(
    '/api/v1/profile/password',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        body: changePasswordBody,
        response: { 200: envelopeOf(z.object({ endedSessions: z.number().int() })) },
      },
    },
    async (req) =>
      ok(
        await opts.profiles.changePassword(
          principalOf(req),
          req.body.currentPassword,
          req.body.newPassword,
          requestIp(req),
        ),
      ),
  );
  r.get(
    '/api/v1/profile/sessions',
    {
      config: { access: SIGNED_IN },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(sessionRow) })) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok({ items: await opts.users.sessionsOf(p.userId, p.sessionId) });
    },
  );
  r.delete(
    '/api/v1/profile/sessions/:sid',
    {
      config: { access: SIGNED_IN },
      schema: { tags, params: z.object({ sid: z.uuid() }).strict(), response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.profiles.endOwnSession(principalOf(req), req.params.sid, requestIp(req));
      return ok(null);
    },
  );
};
