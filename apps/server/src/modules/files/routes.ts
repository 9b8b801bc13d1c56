import { envelopeOf } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { said, writeAudit } from '../../lib/audit';
import { notFound, unauthorized } from '../../lib/errors';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import { browserToken } from '../../plugins/access';
import type { SessionService } from '../auth/sessions';
import { type FileService, PUBLIC_FILE_KINDS, readUpload } from './service';

export const fileRoutes = async (
  app: FastifyInstance,
  opts: { files: FileService; sessions: SessionService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  r.post(
    '/api/v1/files/images',
    {
      // Product pictures and payment vouchers.
      config: { access: { permission: ['product.create', 'product.update', 'order.confirm'] } },
      schema: {
        tags,
        querystring: z.object({ purpose: z.enum(['image', 'voucher']).optional() }).strict(),
        response: { 200: envelopeOf(z.object({ id: z.string(), url: z.string() })) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      // Vouchers are private; so is anything uploaded by staff who cannot edit products.
      const picture = p.permissions.has('product.create') || p.permissions.has('product.update');
      const kind = req.query.purpose === 'voucher' || !picture ? 'voucher' : 'image';
      const data = await readUpload(req);
      const stored = await app.db.transaction(async (tx) => {
        const s = await opts.files.storeImage(tx, data, kind, p.userId);
        await writeAudit(tx, {
          actorId: p.userId,
          actorName: p.username,
          action: 'file.upload',
          targetType: 'file',
          targetId: s.id,
          summary: said(`uploaded ${s.type}, ${data.length} bytes`, { type: s.type, bytes: data.length }),
          ip: requestIp(req),
        });
        return s;
      });
      return ok({ id: stored.id, url: stored.url });
    },
  );
  // Avatars and product pictures: public to anyone with the (unguessable) link, cached for good.
  // Vouchers and other private files: only to a signed-in user allowed to see them, by the Bearer
  // header or the session cookie that <img> requests carry, never kept by shared caches.
  r.get(
    '/api/v1/files/:id',
    { config: { access: { public: true } }, schema: { tags, params: z.object({ id: z.uuid() }).strict() } },
    async (req, reply) => {
      const file = await opts.files.image(req.params.id);
      if (!file) throw notFound();
      reply
        .header('content-type', file.contentType)
        .header('content-security-policy', "default-src 'none'; sandbox");
      if (PUBLIC_FILE_KINDS.has(file.kind)) {
        return reply.header('cache-control', 'public, max-age=31536000, immutable').send(file.data);
      }
      const token = browserToken(req);
      const p = token ? await opts.sessions.authenticate(token, app.deps.now()) : null;
      if (!p) throw unauthorized();
      if (!(await opts.files.voucherVisible(p, req.params.id, file.createdBy))) throw notFound();
      return reply
        .header('cache-control', 'private, max-age=300')
        .header('vary', 'Cookie, Authorization')
        .send(file.data);
    },
  );
};
