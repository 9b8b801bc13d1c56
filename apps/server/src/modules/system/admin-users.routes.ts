import {
  adminUserCreate,
  adminUserListQuery,
  adminUserRow,
  adminUserUpdate,
  envelopeOf,
  formatMessage,
  generatedPasswordResult,
  idParam,
  listResultOf,
  resetPasswordBody,
  sessionRow,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ExportService } from '../exports/service';
import type { AdminUserService } from './admin-users.service';
import { adminUserExporter } from './exporters';

const BASE = '/api/v1/system/admin-users';
const LIST = { permission: 'system.admin-list' } as const;
const WRITE = { permission: 'system.user.write' } as const;

export const adminUserRoutes = async (
  app: FastifyInstance,
  opts: { users: AdminUserService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  r.get(
    BASE,
    {
      config: { access: LIST },
      schema: {
        tags,
        querystring: adminUserListQuery,
        response: { 200: envelopeOf(listResultOf(adminUserRow)) },
      },
    },
    async (req) => ok(await opts.users.list(principalOf(req), req.query)),
  );
  r.get(
    `${BASE}/export`,
    {
      config: { access: { permission: 'system.user.export' } },
      schema: { tags, querystring: adminUserListQuery.partial() },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const { page: _p, pageSize: _s, sort: _o, ...filters } = req.query;
      return opts.exports.respond(
        reply,
        adminUserExporter(opts.users, p, filters, requestLanguage(req)),
        p,
        requestIp(req),
        formatMessage(requestLanguage(req), 'exportStarted'),
      );
    },
  );
  r.get(
    `${BASE}/:id`,
    {
      config: { access: LIST },
      schema: { tags, params: idParam, response: { 200: envelopeOf(adminUserRow) } },
    },
    async (req) => ok(await opts.users.get(principalOf(req), req.params.id)),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: {
        tags,
        body: adminUserCreate,
        response: { 200: envelopeOf(z.object({ user: adminUserRow, password: z.string().nullable() })) },
      },
    },
    async (req) => ok(await opts.users.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: adminUserUpdate, response: { 200: envelopeOf(adminUserRow) } },
    },
    async (req) => ok(await opts.users.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  for (const [verb, status] of [
    ['enable', 'ENABLED'],
    ['disable', 'DISABLED'],
  ] as const) {
    r.post(
      `${BASE}/:id/${verb}`,
      {
        config: { access: WRITE },
        schema: { tags, params: idParam, response: { 200: envelopeOf(adminUserRow) } },
      },
      async (req) => {
        await opts.users.setStatus(principalOf(req), req.params.id, status, requestIp(req));
        return ok(await opts.users.get(principalOf(req), req.params.id));
      },
    );
  }
  r.delete(
    `${BASE}/:id`,
    { config: { access: WRITE }, schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await opts.users.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/:id/reset-password`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: idParam,
        body: resetPasswordBody,
        response: { 200: envelopeOf(generatedPasswordResult) },
      },
    },
    async (req) =>
      ok(await opts.users.resetPassword(principalOf(req), req.params.id, req.body.password, requestIp(req))),
  );
  r.get(
    `${BASE}/:id/sessions`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelopeOf(z.object({ items: z.array(sessionRow) })) },
      },
    },
    async (req) => {
      await opts.users.get(principalOf(req), req.params.id);
      return ok({ items: await opts.users.sessionsOf(req.params.id, principalOf(req).sessionId) });
    },
  );
  r.delete(
    `${BASE}/:id/sessions/:sid`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: z.object({ id: z.coerce.number().int().positive(), sid: z.uuid() }).strict(),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (req) => {
      await opts.users.endSession(principalOf(req), req.params.id, req.params.sid, requestIp(req));
      return ok(null);
    },
  );
};
