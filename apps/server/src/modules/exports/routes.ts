import { envelopeOf, exportJob } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors';
import { ok } from '../../lib/list';
import { principalOf } from '../../lib/request-context';
import { attachmentHeader } from '../../lib/xlsx';
import type { ExportService } from './service';

/** Background export jobs: the owner polls progress; the file downloads by a signed, expiring link. */
export const exportRoutes = async (app: FastifyInstance, opts: { exports: ExportService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['exports'];
  const params = z.object({ id: z.uuid() }).strict();
  r.get(
    '/api/v1/exports/:id',
    {
      config: { access: { authenticated: true } },
      schema: { tags, params, response: { 200: envelopeOf(exportJob) } },
    },
    async (req) => {
      if (!req.principal) throw unauthorized();
      return ok(await opts.exports.status(req.params.id, req.principal.userId));
    },
  );
  r.get(
    '/api/v1/exports/:id/download',
    {
      // The signed, expiring link and the session of the user who started the export (a browser
      // download carries the console's session cookie, not a header).
      config: { access: { authenticated: true }, browserSession: true },
      schema: {
        tags,
        params,
        querystring: z
          .object({ exp: z.coerce.number().int().positive(), sig: z.string().min(10).max(100) })
          .strict(),
      },
    },
    async (req, reply) => {
      if (!opts.exports.verifyLink(req.params.id, req.query.exp, req.query.sig))
        throw new AppError(410, 'exportExpired');
      const file = await opts.exports.file(req.params.id, principalOf(req).userId);
      if (!file) throw new AppError(410, 'exportExpired');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .send(file.data);
    },
  );
};
