import {
  assignBody,
  bulkAssignBody,
  bulkIdsBody,
  bulkLevelBody,
  bulkReleaseBody,
  bulkResult,
  bulkStageBody,
  bulkTagBody,
  bulkTransferBody,
  claimQuota,
  clientCreate,
  clientListQuery,
  clientListRow,
  clientRow,
  clientTagCreate,
  clientTagRow,
  clientTagUpdate,
  clientUpdate,
  duplicateCheckQuery,
  duplicateResult,
  envelopeOf,
  formatMessage,
  IMPORT_MAX_BYTES,
  idParam,
  importJob,
  importQuery,
  limitRuleCreate,
  limitRuleRow,
  limitRuleUpdate,
  listResultOf,
  ownerLogRow,
  poolConfig,
  poolConfigUpdate,
  poolListQuery,
  releaseBody,
  revealPhoneResult,
  staffOption,
  tagChangeBody,
  timelineItem,
  timelineQuery,
  transferBody,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runBulk } from '../../lib/bulk';
import { AppError } from '../../lib/errors';
import { cacheable, LOOKUP_MAX_AGE } from '../../lib/http-cache';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { attachmentHeader, XLSX_TYPE } from '../../lib/xlsx';
import type { ExportService } from '../exports/service';
import type { ClientService } from './clients.service';
import { clientExporter } from './exporters';
import type { ClientImportService } from './import.service';
import { EXPORT_HEADERS } from './labels';
import type { PoolService } from './pool.service';
import type { ClientTagService } from './tags.service';

const BASE = '/api/v1/clients';
const READ_ANY = { permission: ['client.list', 'client.my-list', 'client.public-list'] } as const;
const STAFF_READ = {
  permission: ['client.list', 'client.my-list', 'client.public-list', 'client.follow-record-list'],
} as const;
const can = (code: string) => ({ permission: code }) as const;

export const clientRoutes = async (
  app: FastifyInstance,
  opts: {
    clients: ClientService;
    pool: PoolService;
    tags: ClientTagService;
    imports: ClientImportService;
    exports: ExportService;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['clients'];
  const { clients, pool } = opts;
  const list = envelopeOf(listResultOf(clientListRow));
  const one = envelopeOf(clientRow);
  const none = envelopeOf(z.null());
  const bulk = envelopeOf(bulkResult);

  // ---- lists --------------------------------------------------------------------------------------
  // The list pages are the hot path (bench/clients.mjs): their rows are built by ClientService from
  // typed data, so the answer is serialised directly instead of being re-validated by zod per row
  // (~10% of the CPU of a list request). The schema still documents the answer in OpenAPI, and the
  // API tests check the shape.
  const listSerializer = () => (data: unknown) => JSON.stringify(data);
  r.get(
    BASE,
    {
      config: { access: can('client.list') },
      schema: { tags, querystring: clientListQuery, response: { 200: list } },
      serializerCompiler: listSerializer,
    },
    async (req) => ok(await clients.list(principalOf(req), 'all', req.query)),
  );
  r.get(
    `${BASE}/mine`,
    {
      config: { access: can('client.my-list') },
      schema: { tags, querystring: clientListQuery, response: { 200: list } },
      serializerCompiler: listSerializer,
    },
    async (req) => ok(await clients.list(principalOf(req), 'mine', req.query)),
  );
  r.get(
    `${BASE}/pool`,
    {
      config: { access: can('client.public-list') },
      schema: { tags, querystring: poolListQuery, response: { 200: list } },
      serializerCompiler: listSerializer,
    },
    async (req) => ok(await clients.list(principalOf(req), 'pool', req.query)),
  );
  r.get(
    `${BASE}/export`,
    { config: { access: can('client.export') }, schema: { tags, querystring: clientListQuery.partial() } },
    async (req, reply) => {
      const p = principalOf(req);
      const { page: _p, pageSize: _s, sort: _o, ...filters } = req.query;
      const lang = requestLanguage(req);
      return opts.exports.respond(
        reply,
        clientExporter(clients, p, filters, lang),
        p,
        requestIp(req),
        formatMessage(lang, 'exportStarted'),
      );
    },
  );

  // ---- tools ------------------------------------------------------------------------------------
  r.get(
    `${BASE}/check-mobile`,
    {
      config: { access: { permission: ['client.list', 'client.my-list', 'client.create'] } },
      schema: { tags, querystring: duplicateCheckQuery, response: { 200: envelopeOf(duplicateResult) } },
    },
    async (req) => ok(await clients.checkMobile(principalOf(req), req.query.mobile)),
  );
  r.get(
    `${BASE}/staff-options`,
    {
      config: { access: STAFF_READ },
      schema: {
        tags,
        querystring: z.object({ keyword: z.string().trim().max(64).optional() }).strict(),
        response: { 200: envelopeOf(z.object({ items: z.array(staffOption) })) },
      },
    },
    async (req, reply) =>
      cacheable(
        req,
        reply,
        { items: await clients.staffOptions(principalOf(req), req.query.keyword) },
        LOOKUP_MAX_AGE.options,
      ),
  );
  r.get(
    `${BASE}/quota`,
    { config: { access: can('client.claim') }, schema: { tags, response: { 200: envelopeOf(claimQuota) } } },
    async (req, reply) => cacheable(req, reply, await pool.quota(principalOf(req)), LOOKUP_MAX_AGE.quota),
  );

  // ---- pool settings and limit rules -----------------------------------------------------------------
  const CONFIG = can('client.pool.config');
  r.get(
    `${BASE}/pool-config`,
    { config: { access: CONFIG }, schema: { tags, response: { 200: envelopeOf(poolConfig) } } },
    async () => ok(await pool.getConfig()),
  );
  r.put(
    `${BASE}/pool-config`,
    {
      config: { access: CONFIG },
      schema: { tags, body: poolConfigUpdate, response: { 200: envelopeOf(poolConfig) } },
    },
    async (req) => ok(await pool.updateConfig(principalOf(req), req.body, requestIp(req))),
  );
  r.get(
    `${BASE}/limit-rules`,
    {
      config: { access: CONFIG },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(limitRuleRow) })) } },
    },
    async () => ok({ items: await pool.listRules() }),
  );
  r.post(
    `${BASE}/limit-rules`,
    {
      config: { access: CONFIG },
      schema: { tags, body: limitRuleCreate, response: { 200: envelopeOf(limitRuleRow) } },
    },
    async (req) => ok(await pool.createRule(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/limit-rules/:id`,
    {
      config: { access: CONFIG },
      schema: { tags, params: idParam, body: limitRuleUpdate, response: { 200: envelopeOf(limitRuleRow) } },
    },
    async (req) => ok(await pool.updateRule(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${BASE}/limit-rules/:id`,
    { config: { access: CONFIG }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await pool.removeRule(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- import -----------------------------------------------------------------------------------
  const IMPORT = can('client.import');
  const jobParam = z.object({ id: z.uuid() }).strict();
  r.get(`${BASE}/import/template`, { config: { access: IMPORT }, schema: { tags } }, async (req, reply) => {
    const lang = requestLanguage(req);
    const data = await opts.imports.template(lang);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachmentHeader(`${EXPORT_HEADERS.template[lang]}.xlsx`))
      .send(data);
  });
  r.post(
    `${BASE}/import`,
    {
      config: { access: IMPORT },
      schema: { tags, querystring: importQuery, response: { 202: envelopeOf(importJob) } },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError(400, 'fileMissing');
      // The app registers multipart once (2 MB images); imports raise the limit for this route.
      const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'fileMissing');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'fileTooLarge', { max: '20 MB' });
        throw err;
      });
      const lang = requestLanguage(req);
      const job = await opts.imports.start(
        principalOf(req),
        { fileName: file.filename || 'import.xlsx', data },
        { target: req.query.target, userId: req.query.userId },
        lang,
        requestIp(req),
      );
      return reply.status(202).send({ code: 0, msg: formatMessage(lang, 'importStarted'), data: job });
    },
  );
  r.get(
    `${BASE}/import/:id`,
    {
      config: { access: IMPORT },
      schema: { tags, params: jobParam, response: { 200: envelopeOf(importJob) } },
    },
    async (req) => ok(await opts.imports.status(principalOf(req), req.params.id)),
  );
  r.get(
    `${BASE}/import/:id/result`,
    {
      // The signed, expiring link and the session of the user who ran the import (a browser
      // download carries the console's session cookie, not a header).
      config: { access: { authenticated: true }, browserSession: true },
      schema: {
        tags,
        params: jobParam,
        querystring: z
          .object({ exp: z.coerce.number().int().positive(), sig: z.string().min(10).max(100) })
          .strict(),
      },
    },
    async (req, reply) => {
      if (!opts.imports.verifyLink(req.params.id, req.query.exp, req.query.sig))
        throw new AppError(410, 'importExpired');
      const file = await opts.imports.resultFile(req.params.id, principalOf(req).userId);
      if (!file) throw new AppError(410, 'importExpired');
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentHeader(file.fileName))
        .send(file.data);
    },
  );

  // ---- bulk actions (<= 500 ids, answered per id) --------------------------------------------------
  const bulkRoute = <B extends z.ZodTypeAny>(
    verb: string,
    code: string,
    body: B,
    action: (
      req: { principal: ReturnType<typeof principalOf>; ip: string; body: z.infer<B> },
      id: number,
      i: number,
    ) => Promise<unknown>,
  ) =>
    r.post(
      `${BASE}/bulk/${verb}`,
      { config: { access: can(code) }, schema: { tags, body, response: { 200: bulk } } },
      async (req) => {
        const ctx = { principal: principalOf(req), ip: requestIp(req), body: req.body as z.infer<B> };
        const ids = (req.body as { ids: number[] }).ids;
        let i = 0;
        return ok(
          await runBulk(ids, requestLanguage(req), async (id) => {
            await action(ctx, id, i++);
          }),
        );
      },
    );
  bulkRoute('claim', 'client.claim', bulkIdsBody, (c, id) => pool.claim(c.principal, id, c.ip));
  bulkRoute('assign', 'client.assign', bulkAssignBody, (c, id, i) =>
    pool.assign(c.principal, id, c.body.userIds[i % c.body.userIds.length] as number, c.ip),
  );
  bulkRoute('transfer', 'client.transfer', bulkTransferBody, (c, id, i) =>
    pool.transfer(c.principal, id, c.body.userIds[i % c.body.userIds.length] as number, c.body.reason, c.ip),
  );
  bulkRoute('release', 'client.release', bulkReleaseBody, (c, id) =>
    pool.release(c.principal, id, c.body.reason, c.ip),
  );
  bulkRoute('tag', 'client.tag', bulkTagBody, (c, id) =>
    clients.changeTags(c.principal, id, c.body.add, c.body.remove, c.ip),
  );
  bulkRoute('level', 'client.update', bulkLevelBody, (c, id) =>
    clients.setField(c.principal, id, 'level', c.body.level, c.ip),
  );
  bulkRoute('stage', 'client.update', bulkStageBody, (c, id) =>
    clients.setField(c.principal, id, 'stage', c.body.stage, c.ip),
  );
  bulkRoute('delete', 'client.delete', bulkIdsBody, (c, id) => clients.remove(c.principal, id, c.ip));

  // ---- one client -------------------------------------------------------------------------------
  r.post(
    BASE,
    {
      config: { access: can('client.create') },
      schema: { tags, body: clientCreate, response: { 200: one } },
    },
    async (req) => ok(await clients.create(principalOf(req), req.body, requestIp(req), requestLanguage(req))),
  );
  r.get(
    `${BASE}/:id`,
    { config: { access: READ_ANY }, schema: { tags, params: idParam, response: { 200: one } } },
    async (req) => ok(await clients.get(principalOf(req), req.params.id)),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: can('client.update') },
      schema: { tags, params: idParam, body: clientUpdate, response: { 200: one } },
    },
    async (req) =>
      ok(
        await clients.update(principalOf(req), req.params.id, req.body, requestIp(req), requestLanguage(req)),
      ),
  );
  r.delete(
    `${BASE}/:id`,
    { config: { access: can('client.delete') }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await clients.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/:id/restore`,
    { config: { access: can('client.restore') }, schema: { tags, params: idParam, response: { 200: one } } },
    async (req) => ok(await clients.restore(principalOf(req), req.params.id, requestIp(req))),
  );
  r.get(
    `${BASE}/:id/timeline`,
    {
      config: { access: READ_ANY },
      schema: {
        tags,
        params: idParam,
        querystring: timelineQuery,
        response: { 200: envelopeOf(z.object({ items: z.array(timelineItem) })) },
      },
    },
    async (req) =>
      ok({
        items:
          req.query.view === 'audit'
            ? await clients.auditTrail(principalOf(req), req.params.id, req.query.limit, req.query.before)
            : await clients.timeline(principalOf(req), req.params.id, req.query.limit, req.query.before),
      }),
  );
  r.get(
    `${BASE}/:id/owner-logs`,
    {
      config: { access: READ_ANY },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelopeOf(z.object({ items: z.array(ownerLogRow) })) },
      },
    },
    async (req) => ok({ items: await clients.ownerLogs(principalOf(req), req.params.id) }),
  );
  r.post(
    `${BASE}/:id/reveal-phone`,
    {
      config: { access: can('client.phone.view') },
      schema: { tags, params: idParam, response: { 200: envelopeOf(revealPhoneResult) } },
    },
    async (req) => ok(await clients.revealPhone(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/tags`,
    {
      config: { access: can('client.tag') },
      schema: { tags, params: idParam, body: tagChangeBody, response: { 200: one } },
    },
    async (req) => {
      const p = principalOf(req);
      await clients.changeTags(p, req.params.id, req.body.add, req.body.remove, requestIp(req));
      return ok(await clients.get(p, req.params.id));
    },
  );

  // Ownership actions answer the client as the caller now sees it (or null when it left their scope).
  const after = async (req: Parameters<typeof principalOf>[0], id: number) => {
    try {
      return await clients.get(principalOf(req), id);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  };
  const maybeOne = envelopeOf(clientRow.nullable());
  r.post(
    `${BASE}/:id/claim`,
    {
      config: { access: can('client.claim') },
      schema: { tags, params: idParam, response: { 200: maybeOne } },
    },
    async (req) => {
      await pool.claim(principalOf(req), req.params.id, requestIp(req));
      return ok(await after(req, req.params.id));
    },
  );
  r.post(
    `${BASE}/:id/assign`,
    {
      config: { access: can('client.assign') },
      schema: { tags, params: idParam, body: assignBody, response: { 200: maybeOne } },
    },
    async (req) => {
      await pool.assign(principalOf(req), req.params.id, req.body.userId, requestIp(req));
      return ok(await after(req, req.params.id));
    },
  );
  r.post(
    `${BASE}/:id/transfer`,
    {
      config: { access: can('client.transfer') },
      schema: { tags, params: idParam, body: transferBody, response: { 200: maybeOne } },
    },
    async (req) => {
      await pool.transfer(principalOf(req), req.params.id, req.body.userId, req.body.reason, requestIp(req));
      return ok(await after(req, req.params.id));
    },
  );
  r.post(
    `${BASE}/:id/release`,
    {
      config: { access: can('client.release') },
      schema: { tags, params: idParam, body: releaseBody, response: { 200: maybeOne } },
    },
    async (req) => {
      await pool.release(principalOf(req), req.params.id, req.body.reason, requestIp(req));
      return ok(await after(req, req.params.id));
    },
  );
  for (const [verb, locked] of [
    ['lock', true],
    ['unlock', false],
  ] as const) {
    r.post(
      `${BASE}/:id/${verb}`,
      { config: { access: can('client.lock') }, schema: { tags, params: idParam, response: { 200: one } } },
      async (req) => {
        await pool.setLock(principalOf(req), req.params.id, locked, requestIp(req));
        return ok(await clients.get(principalOf(req), req.params.id));
      },
    );
  }

  // ---- tags ---------------------------------------------------------------------------------------
  const TAGS = '/api/v1/client-tags';
  r.get(
    TAGS,
    {
      config: { access: STAFF_READ },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(clientTagRow) })) } },
    },
    async (req, reply) => cacheable(req, reply, { items: await opts.tags.list() }, LOOKUP_MAX_AGE.options),
  );
  r.post(
    TAGS,
    {
      config: { access: can('client.tag') },
      schema: { tags, body: clientTagCreate, response: { 200: envelopeOf(clientTagRow) } },
    },
    async (req) => ok(await opts.tags.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${TAGS}/:id`,
    {
      config: { access: can('client.tag') },
      schema: { tags, params: idParam, body: clientTagUpdate, response: { 200: envelopeOf(clientTagRow) } },
    },
    async (req) => ok(await opts.tags.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${TAGS}/:id`,
    { config: { access: can('client.tag') }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await opts.tags.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
