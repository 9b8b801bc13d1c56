import {
  AVATAR_MAX_BYTES,
  changePasswordBody,
  envelopeOf,
  profile,
  profileLanguage,
  profileUpdate,
  sessionRow,
} from '@educrm/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { AdminUserService } from './admin-users.service';
import type { ProfileService } from './profile.service';

const SIGNED_IN = { authenticated: true } as const;

export const profileRoutes = async (
  app: FastifyInstance,
  opts: { profiles: ProfileService; users: AdminUserService },
) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
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
      if (!req.isMultipart()) throw new AppError(400, 'fileMissing');
      const file = await req.file();
      if (!file) throw new AppError(400, 'fileMissing');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'fileTooLarge', { max: '2 MB' });
        throw err;
      });
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
  // Uploaded images: unguessable ids, served to <img> tags (which carry no token).
  r.get(
    '/api/v1/files/:id',
    { config: { access: { public: true } }, schema: { tags, params: z.object({ id: z.uuid() }).strict() } },
    async (req, reply) => {
      const file = await opts.profiles.image(req.params.id);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
};
