import {
  envelopeOf,
  followUpCreate,
  followUpListQuery,
  followUpRow,
  followUpUpdate,
  formatMessage,
  idParam,
  listResultOf,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ExportService } from '../exports/service';
import { followUpExporter } from './exporters';
import type { FollowUpService } from './follow-ups.service';

const BASE = '/api/v1/follow-ups';
const LIST = { permission: 'client.follow-record-list' } as const;

/** 跟进记录: list with filters and presets, detail, write / edit / delete, export. */
export const followUpRoutes = async (
  app: FastifyInstance,
  opts: { followUps: FollowUpService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['follow-ups'];
  const one = envelopeOf(followUpRow);
  r.get(
    BASE,
    {
      config: { access: LIST },
      schema: {
        tags,
        querystring: followUpListQuery,
        response: { 200: envelopeOf(listResultOf(followUpRow)) },
      },
    },
    async (req) => ok(await opts.followUps.list(principalOf(req), req.query)),
  );
  r.get(
    `${BASE}/export`,
    {
      config: { access: { permission: 'followup.export' } },
      schema: { tags, querystring: followUpListQuery.partial() },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const { page: _p, pageSize: _s, sort: _o, ...filters } = req.query;
      const lang = requestLanguage(req);
      return opts.exports.respond(
        reply,
        followUpExporter(opts.followUps, p, filters, lang),
        p,
        requestIp(req),
        formatMessage(lang, 'exportStarted'),
      );
    },
  );
  r.get(
    `${BASE}/:id`,
    { config: { access: LIST }, schema: { tags, params: idParam, response: { 200: one } } },
    async (req) => ok(await opts.followUps.get(principalOf(req), req.params.id)),
  );
  r.post(
    BASE,
    {
      config: { access: { permission: 'followup.create' } },
      schema: { tags, body: followUpCreate, response: { 200: one } },
    },
    async (req) => ok(await opts.followUps.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: { permission: 'followup.update' } },
      schema: { tags, params: idParam, body: followUpUpdate, response: { 200: one } },
    },
    async (req) => ok(await opts.followUps.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${BASE}/:id`,
    {
      config: { access: { permission: 'followup.delete' } },
      schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.followUps.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
