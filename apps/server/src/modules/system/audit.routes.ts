import { auditListQuery, auditRow, envelopeOf, formatMessage, listResultOf } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ExportService } from '../exports/service';
import type { AuditService } from './audit.service';
import { auditExporter } from './exporters';

const BASE = '/api/v1/system/audit-log';

export const auditRoutes = async (
  app: FastifyInstance,
  opts: { audit: AuditService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  r.get(
    BASE,
    {
      config: { access: { permission: 'system.audit-log' } },
      schema: { tags, querystring: auditListQuery, response: { 200: envelopeOf(listResultOf(auditRow)) } },
    },
    async (req) => ok(await opts.audit.list(req.query)),
  );
  r.get(
    `${BASE}/actions`,
    {
      config: { access: { permission: 'system.audit-log' } },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(z.string()) })) } },
    },
    async () => ok({ items: await opts.audit.actions() }),
  );
  r.get(
    `${BASE}/export`,
    {
      config: { access: { permission: 'system.audit.export' } },
      schema: { tags, querystring: auditListQuery.partial() },
    },
    async (req, reply) => {
      const { page: _p, pageSize: _s, sort: _o, ...filters } = req.query;
      const lang = requestLanguage(req);
      return opts.exports.respond(
        reply,
        auditExporter(opts.audit, filters, lang),
        principalOf(req),
        requestIp(req),
        formatMessage(lang, 'exportStarted'),
      );
    },
  );
};
