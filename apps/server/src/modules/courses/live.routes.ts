import {
  envelopeOf,
  idParam,
  listResultOf,
  liveAttendanceRow,
  liveInput,
  liveListQuery,
  liveProviderSettings,
  liveProviderUpdate,
  liveSessionRow,
  liveTeacherLink,
  liveUpdate,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { ExportService } from '../exports/service';
import { exportOf } from './common';
import { liveAttendanceExporter } from './exporters';
import type { LiveService } from './live.service';

const BASE = '/api/v1/course/live-sessions';

/** 直播课堂: every role reads; admin and zhongtai schedule (course.live.write); provider callbacks are signed. */
export const liveRoutes = async (
  app: FastifyInstance,
  opts: { live: LiveService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['live'];
  const { live } = opts;
  const READ = { permission: 'course.live-class-list' } as const;
  const WRITE = { permission: 'course.live.write' } as const;

  r.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: liveListQuery,
        response: { 200: envelopeOf(listResultOf(liveSessionRow)) },
      },
    },
    async (req) => ok(await live.list(req.query)),
  );
  r.get(
    '/api/v1/course/live-attendance/export',
    {
      config: { access: { permission: 'course.live.export' } },
      schema: { tags, querystring: liveListQuery.partial() },
    },
    (req, reply) =>
      exportOf(opts.exports, req, reply, req.query, (_p, f, lang) => liveAttendanceExporter(live, f, lang)),
  );
  r.get(
    `${BASE}/:id`,
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(liveSessionRow) } },
    },
    async (req) => ok(await live.get(req.params.id)),
  );
  r.get(
    `${BASE}/:id/attendance`,
    {
      config: { access: READ },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelopeOf(z.object({ items: z.array(liveAttendanceRow) })) },
      },
    },
    async (req) => ok({ items: await live.attendance(req.params.id) }),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: { tags, body: liveInput, response: { 200: envelopeOf(liveSessionRow) } },
    },
    async (req) => ok(await live.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: liveUpdate, response: { 200: envelopeOf(liveSessionRow) } },
    },
    async (req) => ok(await live.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/cancel`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(liveSessionRow) } },
    },
    async (req) => ok(await live.cancel(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/teacher-link`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(liveTeacherLink) } },
    },
    async (req) => ok(await live.teacherLink(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/sync`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(liveSessionRow) } },
    },
    async (req) => {
      await live.sync(req.params.id, app.deps.now());
      return ok(await live.get(req.params.id));
    },
  );

  // Provider settings (admin: course.live.provider); secrets write-only.
  const PROVIDER = { permission: 'course.live.provider' } as const;
  r.get(
    '/api/v1/course/live-provider',
    { config: { access: PROVIDER }, schema: { tags, response: { 200: envelopeOf(liveProviderSettings) } } },
    async () => ok(await live.settings()),
  );
  r.put(
    '/api/v1/course/live-provider',
    {
      config: { access: PROVIDER },
      schema: { tags, body: liveProviderUpdate, response: { 200: envelopeOf(liveProviderSettings) } },
    },
    async (req) => ok(await live.updateSettings(principalOf(req), req.body, requestIp(req))),
  );

  // LCIC server callbacks: public, authenticated by their signature (md5(CallbackKey + ExpireTime)).
  r.post(
    '/api/v1/live/callback/lcic',
    {
      config: { access: { public: true } },
      schema: { tags, body: z.record(z.string(), z.unknown()) },
    },
    async (req) => ok(await live.lcicCallback(req.body)),
  );

  // The sandbox classroom's room page: what an entry link opens when no provider is configured.
  r.get(
    '/api/v1/live/sandbox/rooms/:roomId',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        params: z.object({ roomId: z.string().regex(/^sbx-[0-9a-f]{12}$/) }).strict(),
        querystring: z
          .object({
            role: z.enum(['teacher', 'student', 'replay']).default('student'),
            userid: z.string().max(20).optional(),
            name: z.string().max(64).optional(),
          })
          .strict(),
      },
    },
    async (req, reply) => {
      const who = req.query.name ? escapeHtml(req.query.name) : '';
      const role = req.query.role;
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="zh"><head><meta charset="utf-8"><title>Sandbox classroom ${escapeHtml(req.params.roomId)}</title></head>
<body style="font-family:sans-serif;margin:3rem"><h1>沙箱直播间 / Sandbox classroom</h1>
<p>Room <code>${escapeHtml(req.params.roomId)}</code> · ${role}${who ? ` · ${who}` : ''}</p>
<p>没有配置直播服务商：这是演示用的沙箱课堂，出勤与回放按课表生成。<br>No live provider is configured: this sandbox room follows the schedule; attendance and replay are generated when it ends.</p>
</body></html>`;
    },
  );
};
