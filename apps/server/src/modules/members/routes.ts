import {
  envelopeOf,
  idParam,
  importResult,
  memberCreate,
  memberDetail,
  memberImportBody,
  memberLinkBody,
  memberListQuery,
  memberRevealResult,
  memberRow,
  memberStatusBody,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { memberExporter } from '../courses/exporters';
import { listWithExport } from '../courses/list-routes';
import type { CourseRouteDeps } from '../courses/route-deps';
import type { MemberService } from './members.service';

const BASE = '/api/v1/members';

/** 用户管理 (DOMAIN 8, Decision 8): every role reads (masked); admin writes and exports. */
export const memberRoutes = async (
  app: FastifyInstance,
  opts: CourseRouteDeps & { members: MemberService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];
  const { members } = opts;
  const READ = { permission: 'member.list' } as const;
  const WRITE = { permission: 'member.write' } as const;

  listWithExport(app, {
    path: BASE,
    tags,
    read: READ,
    exportPermission: 'member.export',
    query: memberListQuery,
    row: memberRow,
    list: (_p, q) => members.list(q),
    exports: opts.exports,
    exporter: (_p, f, lang) => memberExporter(members, f, lang),
  });
  r.post(
    `${BASE}/import`,
    {
      config: { access: WRITE },
      schema: { tags, body: memberImportBody, response: { 200: envelopeOf(importResult) } },
    },
    async (req) =>
      ok(await members.importRows(principalOf(req), req.body.rows, requestLanguage(req), requestIp(req))),
  );
  r.get(
    `${BASE}/:id`,
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(memberDetail) } },
    },
    async (req) =>
      ok(
        await members.detail(
          req.params.id,
          (id) => opts.students.ofMember(id),
          (id) => opts.courseUsers.ofMember(id),
        ),
      ),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: { tags, body: memberCreate, response: { 200: envelopeOf(memberRow) } },
    },
    async (req) => ok(await members.create(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/status`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: memberStatusBody, response: { 200: envelopeOf(memberRow) } },
    },
    async (req) =>
      ok(
        await members.setStatus(
          principalOf(req),
          req.params.id,
          req.body.status,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/:id/link-client`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: memberLinkBody, response: { 200: envelopeOf(memberRow) } },
    },
    async (req) =>
      ok(
        await members.link(
          principalOf(req),
          req.params.id,
          req.body.clientId,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/:id/reveal-phone`,
    {
      config: { access: { permission: 'member.phone.view' } },
      schema: { tags, params: idParam, response: { 200: envelopeOf(memberRevealResult) } },
    },
    async (req) => ok(await members.reveal(principalOf(req), req.params.id, requestIp(req))),
  );
};
