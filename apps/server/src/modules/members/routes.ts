import {
  envelopeOf,
  idParam,
  importResult,
  listResultOf,
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
import { exportOf } from '../courses/common';
import type { CourseUserService } from '../courses/course-users.service';
import { memberExporter } from '../courses/exporters';
import type { StudentService } from '../courses/students.service';
import type { ExportService } from '../exports/service';
import type { MemberService } from './members.service';

const BASE = '/api/v1/members';

/** 用户管理 (DOMAIN 8, Decision 8): every role reads (masked); admin writes and exports. */
export const memberRoutes = async (
  app: FastifyInstance,
  opts: {
    members: MemberService;
    students: StudentService;
    courseUsers: CourseUserService;
    exports: ExportService;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];
  const { members } = opts;
  const READ = { permission: 'member.list' } as const;
  const WRITE = { permission: 'member.write' } as const;

  r.get(
    BASE,
    {
      config: { access: READ },
      schema: { tags, querystring: memberListQuery, response: { 200: envelopeOf(listResultOf(memberRow)) } },
    },
    async (req) => ok(await members.list(req.query)),
  );
  r.get(
    `${BASE}/export`,
    {
      config: { access: { permission: 'member.export' } },
      schema: { tags, querystring: memberListQuery.partial() },
    },
    (req, reply) =>
      exportOf(opts.exports, req, reply, req.query, (_p, f, lang) => memberExporter(members, f, lang)),
  );
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
