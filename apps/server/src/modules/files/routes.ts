import { envelopeOf } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import { type FileService, readUpload } from './service';

export const fileRoutes = async (app: FastifyInstance, opts: { files: FileService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  r.post(
    '/api/v1/files/images',
    {
      // Product pictures and payment vouchers.
      config: { access: { permission: ['product.create', 'product.update', 'order.confirm'] } },
      schema: { tags, response: { 200: envelopeOf(z.object({ id: z.string(), url: z.string() })) } },
    },
    async (req) => {
      const p = principalOf(req);
      const data = await readUpload(req);
      const stored = await app.db.transaction(async (tx) => {
        const s = await opts.files.storeImage(tx, data, 'image', p.userId);
        await writeAudit(tx, {
          actorId: p.userId,
          actorName: p.username,
          action: 'file.upload',
          targetType: 'file',
          targetId: s.id,
          summary: `uploaded ${s.type}, ${data.length} bytes`,
          ip: requestIp(req),
        });
        return s;
      });
      return ok({ id: stored.id, url: stored.url });
    },
  );
  // Unguessable ids, served to <img> tags (which carry no token).
  r.get(
    '/api/v1/files/:id',
    { config: { access: { public: true } }, schema: { tags, params: z.object({ id: z.uuid() }).strict() } },
    async (req, reply) => {
      const file = await opts.files.image(req.params.id);
      if (!file) throw notFound();
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.data);
    },
  );
};
