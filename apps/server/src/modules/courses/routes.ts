import {
  bulkResult,
  classBulkStatusBody,
  classCopyBody,
  classInput,
  classListQuery,
  classOption,
  classRow,
  classStatusBody,
  classStudentListQuery,
  classStudentRow,
  classUpdate,
  courseStaffOption,
  courseStaffQuery,
  courseUserGrantBody,
  courseUserListQuery,
  courseUserRevokeBody,
  courseUserRow,
  envelopeOf,
  extendBody,
  idParam,
  importResult,
  studentAddBody,
  studentBulkTransferBody,
  studentImportBody,
  studentRemoveBody,
  studentTransferBody,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runBulk } from '../../lib/bulk';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ClassService } from './classes.service';
import { classExporter, courseUserExporter, studentExporter } from './exporters';
import { listWithExport } from './list-routes';
import type { CourseRouteDeps } from './route-deps';

const BASE = '/api/v1/course';

/**
 * 课程管理 (DOMAIN 6, matrix 1.3): every role reads; classes and students are written by admin and
 * zhongtai (siyu adds and transfers students of own clients, in SQL); course users by admin.
 */
export const courseRoutes = async (
  app: FastifyInstance,
  opts: CourseRouteDeps & { classes: ClassService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['courses'];
  const { classes, students, courseUsers } = opts;
  const none = envelopeOf(z.null());

  // ---- classes ------------------------------------------------------------------------------------
  const C_READ = { permission: 'course.class-list' } as const;
  const C_WRITE = { permission: 'course.class.write' } as const;
  listWithExport(app, {
    path: `${BASE}/classes`,
    tags,
    read: C_READ,
    exportPermission: 'course.class.export',
    query: classListQuery,
    row: classRow,
    list: (_p, q) => classes.list(q),
    exports: opts.exports,
    exporter: (_p, f, lang) => classExporter(classes, f, lang),
  });
  r.get(
    `${BASE}/classes/options`,
    {
      config: {
        access: {
          permission: [
            'course.class-list',
            'course.student-list',
            'course.live-class-list',
            'product.add',
            'product.edit',
            'product.copy',
          ],
        },
      },
      schema: {
        tags,
        querystring: z
          .object({
            keyword: z.string().trim().max(64).optional(),
            spuId: z.coerce.number().int().positive().optional(),
            /** Classes to answer whatever the keyword (a chosen or URL-named class keeps its name). */
            ids: z
              .string()
              .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, { message: 'msg:invalidValue' })
              .optional(),
          })
          .strict(),
        response: { 200: envelopeOf(z.object({ items: z.array(classOption) })) },
      },
    },
    async (req) =>
      ok({
        items: await classes.options(
          req.query.keyword,
          req.query.spuId,
          (req.query.ids ?? '').split(',').filter(Boolean).map(Number),
        ),
      }),
  );
  r.get(
    `${BASE}/staff-options`,
    {
      config: {
        access: { permission: ['course.class-list', 'course.student-list', 'course.live-class-list'] },
      },
      schema: {
        tags,
        querystring: courseStaffQuery,
        response: { 200: envelopeOf(z.object({ items: z.array(courseStaffOption) })) },
      },
    },
    async (req) =>
      ok({
        items: await classes.staffOptions(
          req.query.keyword,
          (req.query.ids ?? '').split(',').filter(Boolean).map(Number),
        ),
      }),
  );
  r.get(
    `${BASE}/classes/:id`,
    {
      config: { access: C_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(classRow) } },
    },
    async (req) => ok(await classes.get(req.params.id)),
  );
  r.post(
    `${BASE}/classes`,
    {
      config: { access: C_WRITE },
      schema: { tags, body: classInput, response: { 200: envelopeOf(classRow) } },
    },
    async (req) => ok(await classes.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/classes/:id`,
    {
      config: { access: C_WRITE },
      schema: { tags, params: idParam, body: classUpdate, response: { 200: envelopeOf(classRow) } },
    },
    async (req) => ok(await classes.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/classes/:id/status`,
    {
      config: { access: C_WRITE },
      schema: { tags, params: idParam, body: classStatusBody, response: { 200: envelopeOf(classRow) } },
    },
    async (req) =>
      ok(
        await classes.setStatus(
          principalOf(req),
          req.params.id,
          req.body.status,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/classes/bulk-status`,
    {
      config: { access: C_WRITE },
      schema: { tags, body: classBulkStatusBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(
        await runBulk(req.body.ids, requestLanguage(req), async (id) => {
          await classes.setStatus(p, id, req.body.status, null, requestIp(req));
        }),
      );
    },
  );
  r.post(
    `${BASE}/classes/:id/copy`,
    {
      config: { access: C_WRITE },
      schema: { tags, params: idParam, body: classCopyBody, response: { 200: envelopeOf(classRow) } },
    },
    async (req) =>
      ok(await classes.copy(principalOf(req), req.params.id, req.body.code, req.body.name, requestIp(req))),
  );
  r.delete(
    `${BASE}/classes/:id`,
    { config: { access: C_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await classes.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- class students ---------------------------------------------------------------------------
  const S_READ = { permission: 'course.student-list' } as const;
  const S_WRITE = { permission: 'course.student.write' } as const;
  listWithExport(app, {
    path: `${BASE}/students`,
    tags,
    read: S_READ,
    exportPermission: 'course.student.export',
    query: classStudentListQuery,
    row: classStudentRow,
    list: (p, q) => students.list(p, q),
    exports: opts.exports,
    exporter: (p, f, lang) => studentExporter(students, p, f, lang),
  });
  r.get(
    `${BASE}/students/:id`,
    {
      config: { access: S_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(classStudentRow) } },
    },
    async (req) => ok(await students.get(principalOf(req), req.params.id)),
  );
  r.post(
    `${BASE}/students`,
    {
      config: { access: S_WRITE },
      schema: { tags, body: studentAddBody, response: { 200: envelopeOf(classStudentRow) } },
    },
    async (req) => ok(await students.add(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/students/import`,
    {
      config: { access: S_WRITE },
      schema: { tags, body: studentImportBody, response: { 200: envelopeOf(importResult) } },
    },
    async (req) =>
      ok(
        await students.importMobiles(
          principalOf(req),
          req.body.classId,
          req.body.mobiles,
          requestLanguage(req),
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/students/:id/transfer`,
    {
      config: { access: S_WRITE },
      schema: {
        tags,
        params: idParam,
        body: studentTransferBody,
        response: { 200: envelopeOf(classStudentRow) },
      },
    },
    async (req) =>
      ok(
        await students.transfer(
          principalOf(req),
          req.params.id,
          req.body.toClassId,
          req.body.remark,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/students/bulk-transfer`,
    {
      config: { access: S_WRITE },
      schema: { tags, body: studentBulkTransferBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(
        await runBulk(req.body.ids, requestLanguage(req), async (id) => {
          await students.transfer(p, id, req.body.toClassId, req.body.remark, requestIp(req));
        }),
      );
    },
  );
  r.post(
    `${BASE}/students/:id/remove`,
    {
      config: { access: S_WRITE },
      schema: { tags, params: idParam, body: studentRemoveBody, response: { 200: none } },
    },
    async (req) => {
      await students.remove(principalOf(req), req.params.id, req.body.remark, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/students/:id/extend`,
    {
      config: { access: S_WRITE },
      schema: { tags, params: idParam, body: extendBody, response: { 200: envelopeOf(classStudentRow) } },
    },
    async (req) =>
      ok(
        await students.extend(
          principalOf(req),
          req.params.id,
          req.body.until,
          req.body.version,
          requestIp(req),
        ),
      ),
  );

  // ---- course users -----------------------------------------------------------------------------
  const U_READ = { permission: 'course.user-list' } as const;
  const U_WRITE = { permission: 'course.user.write' } as const;
  listWithExport(app, {
    path: `${BASE}/users`,
    tags,
    read: U_READ,
    exportPermission: 'course.user.export',
    query: courseUserListQuery,
    row: courseUserRow,
    list: (p, q) => courseUsers.list(p, q),
    exports: opts.exports,
    exporter: (p, f, lang) => courseUserExporter(courseUsers, p, f, lang),
  });
  r.get(
    `${BASE}/users/:id`,
    {
      config: { access: U_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(courseUserRow) } },
    },
    async (req) => ok(await courseUsers.get(principalOf(req), req.params.id)),
  );
  r.post(
    `${BASE}/users`,
    {
      config: { access: U_WRITE },
      schema: { tags, body: courseUserGrantBody, response: { 200: envelopeOf(courseUserRow) } },
    },
    async (req) => ok(await courseUsers.grant(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    `${BASE}/users/:id/extend`,
    {
      config: { access: U_WRITE },
      schema: { tags, params: idParam, body: extendBody, response: { 200: envelopeOf(courseUserRow) } },
    },
    async (req) =>
      ok(
        await courseUsers.extend(
          principalOf(req),
          req.params.id,
          req.body.until,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${BASE}/users/:id/revoke`,
    {
      config: { access: U_WRITE },
      schema: {
        tags,
        params: idParam,
        body: courseUserRevokeBody,
        response: { 200: envelopeOf(courseUserRow) },
      },
    },
    async (req) =>
      ok(
        await courseUsers.revoke(
          principalOf(req),
          req.params.id,
          req.body.reason,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
};
