import {
  bulkIdsBody,
  bulkResult,
  callListQuery,
  callPanel,
  callRow,
  callStart,
  envelopeOf,
  formatMessage,
  idParam,
  listResultOf,
  numberAssignBody,
  numberBulkStatusBody,
  numberCreate,
  numberImportResult,
  numberListQuery,
  numberRow,
  numberStatusBody,
  numberUpdate,
  outboundSettings,
  outboundSettingsUpdate,
  providerConfigRow,
  providerConfigUpdate,
  providerKindParam,
  providerReceiptParam,
  providerTestResult,
  scriptCreate,
  scriptDiff,
  scriptDiffQuery,
  scriptExportQuery,
  scriptListQuery,
  scriptRow,
  scriptUpdate,
  scriptVersionRow,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, forbidden } from '../../lib/errors';
import { ok, plainJsonSerializer } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { ProviderHttpError } from '../../providers/aliyun-rpc';
import type { ProviderRegistry } from '../../providers/registry';
import type { ExportService } from '../exports/service';
import type { CallService } from './calls.service';
import { scriptExporter } from './exporters';
import type { NumberService } from './numbers.service';
import { CLIENT_PAGES, can } from './route-access';
import type { ScriptService } from './scripts.service';
import type { OutboundSettingsService } from './settings.service';
import { smsRoutes } from './sms.routes';
import type { SmsService } from './sms.service';

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export interface CallRoutesOptions {
  numbers: NumberService;
  calls: CallService;
  scripts: ScriptService;
  sms: SmsService;
  settings: OutboundSettingsService;
  registry: ProviderRegistry;
  exports: ExportService;
}

/** Outbound calls and SMS (DOMAIN 7): /api/v1/call/*, /api/v1/calls, /api/v1/sms/*. */
export const callRoutes = async (app: FastifyInstance, opts: CallRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { numbers, calls, scripts, sms, settings, registry } = opts;
  const none = envelopeOf(z.null());

  // ---- numbers ------------------------------------------------------------------------------------
  const N = '/api/v1/call/numbers';
  const N_READ = can('call.number-list');
  const N_WRITE = can('call.number.write');
  const tags = ['calls'];
  r.get(
    N,
    {
      config: { access: N_READ },
      schema: { tags, querystring: numberListQuery, response: { 200: envelopeOf(listResultOf(numberRow)) } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await numbers.list(principalOf(req), req.query)),
  );
  r.get(
    `${N}/:id`,
    {
      config: { access: N_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(numberRow) } },
    },
    async (req) => ok(await numbers.get(principalOf(req), req.params.id)),
  );
  r.post(
    N,
    {
      config: { access: N_WRITE },
      schema: { tags, body: numberCreate, response: { 200: envelopeOf(numberRow) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(await numbers.get(p, await numbers.create(p, req.body, requestIp(req))));
    },
  );
  r.put(
    `${N}/:id`,
    {
      config: { access: N_WRITE },
      schema: { tags, params: idParam, body: numberUpdate, response: { 200: envelopeOf(numberRow) } },
    },
    async (req) => ok(await numbers.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${N}/:id/status`,
    {
      config: { access: N_WRITE },
      schema: { tags, params: idParam, body: numberStatusBody, response: { 200: envelopeOf(numberRow) } },
    },
    async (req) => {
      const p = principalOf(req);
      await numbers.setStatus(p, req.params.id, req.body.status, req.body.version, requestIp(req));
      return ok(await numbers.get(p, req.params.id));
    },
  );
  r.post(
    `${N}/bulk-status`,
    {
      config: { access: N_WRITE },
      schema: { tags, body: numberBulkStatusBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) =>
      ok(
        await numbers.bulkStatus(
          principalOf(req),
          req.body.ids,
          req.body.status,
          requestLanguage(req),
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${N}/assign`,
    {
      config: { access: N_WRITE },
      schema: { tags, body: numberAssignBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => ok(await numbers.assign(principalOf(req), req.body, requestLanguage(req), requestIp(req))),
  );
  r.delete(
    `${N}/:id`,
    { config: { access: N_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await numbers.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${N}/import`,
    { config: { access: N_WRITE }, schema: { tags, response: { 200: envelopeOf(numberImportResult) } } },
    async (req) => {
      if (!req.isMultipart()) throw new AppError(400, 'fileMissing');
      const file = await req.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError(400, 'fileMissing');
      const data = await file.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'fileTooLarge', { max: '5 MB' });
        throw err;
      });
      return ok(
        await numbers.importSheet(
          principalOf(req),
          { fileName: file.filename || 'numbers.xlsx', data },
          requestLanguage(req),
          requestIp(req),
        ),
      );
    },
  );
  r.get(
    `${N}/:id/calls`,
    {
      config: { access: N_READ },
      schema: {
        tags,
        params: idParam,
        querystring: callListQuery,
        response: { 200: envelopeOf(listResultOf(callRow)) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      await numbers.get(p, req.params.id);
      return ok(await calls.list(p, { ...req.query, numberId: req.params.id }));
    },
  );

  // ---- settings and providers ---------------------------------------------------------------------
  r.get(
    '/api/v1/call/settings',
    {
      config: { access: can(['call.number-list', 'call.sms-template-list']) },
      schema: { tags, response: { 200: envelopeOf(outboundSettings) } },
    },
    async () => ok(await settings.get()),
  );
  r.put(
    '/api/v1/call/settings',
    {
      config: { access: N_WRITE },
      schema: { tags, body: outboundSettingsUpdate, response: { 200: envelopeOf(outboundSettings) } },
    },
    async (req) => ok(await settings.update(principalOf(req), req.body, requestIp(req))),
  );
  const PROVIDER_CODE = { call: 'call.number.write', sms: 'sms.template.submit' } as const;
  const providerAccess = can(['call.number.write', 'sms.template.submit']);
  r.get(
    '/api/v1/call/providers/:kind',
    {
      config: { access: providerAccess },
      schema: { tags, params: providerKindParam, response: { 200: envelopeOf(providerConfigRow) } },
    },
    async (req) => {
      if (!principalOf(req).permissions.has(PROVIDER_CODE[req.params.kind])) throw forbidden();
      return ok(await settings.provider(req.params.kind, true));
    },
  );
  r.put(
    '/api/v1/call/providers/:kind',
    {
      config: { access: providerAccess },
      schema: {
        tags,
        params: providerKindParam,
        body: providerConfigUpdate,
        response: { 200: envelopeOf(providerConfigRow) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      if (!p.permissions.has(PROVIDER_CODE[req.params.kind])) throw forbidden();
      return ok(await settings.updateProvider(p, req.params.kind, req.body, requestIp(req)));
    },
  );
  r.post(
    '/api/v1/call/providers/:kind/test',
    {
      config: { access: providerAccess },
      schema: { tags, params: providerKindParam, response: { 200: envelopeOf(providerTestResult) } },
    },
    async (req) => {
      if (!principalOf(req).permissions.has(PROVIDER_CODE[req.params.kind])) throw forbidden();
      return ok(await settings.test(req.params.kind, requestLanguage(req)));
    },
  );

  // ---- calls --------------------------------------------------------------------------------------
  const CALL_READ = can([...CLIENT_PAGES, 'call.number-list']);
  r.post(
    '/api/v1/calls',
    {
      config: { access: can('call.dial') },
      schema: { tags, body: callStart, response: { 200: envelopeOf(callPanel) } },
    },
    async (req) => ok(await calls.start(principalOf(req), req.body, requestIp(req))),
  );
  r.get(
    '/api/v1/calls',
    {
      config: { access: CALL_READ },
      schema: { tags, querystring: callListQuery, response: { 200: envelopeOf(listResultOf(callRow)) } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await calls.list(principalOf(req), req.query)),
  );
  r.get(
    '/api/v1/calls/:id',
    {
      config: { access: CALL_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(callRow) } },
    },
    async (req) => ok(await calls.get(principalOf(req), req.params.id)),
  );

  /**
   * Provider receipt pushes: authenticated by the receipt token in the URL (the providers do not
   * sign them), parsed in the provider's format, answered as it expects.
   */
  const receipt =
    (kind: 'call' | 'sms') =>
    async (req: { params: { provider: string }; query: unknown; body: unknown }) => {
      const token = (req.query as { token?: string }).token;
      if (!(await settings.receiptAllowed(kind, req.params.provider, token)))
        throw new AppError(401, 'receiptTokenInvalid');
      try {
        if (kind === 'call') {
          const provider = await registry.callReceipts(req.params.provider);
          await calls.applyReceipts(provider.name, provider.parseReceipts(req.body));
          return provider.receiptAck();
        }
        const provider = await registry.smsReceipts(req.params.provider);
        await sms.applyReceipts(provider.name, provider.parseReceipts(req.body));
        return provider.receiptAck();
      } catch (err) {
        if (err instanceof ProviderHttpError) throw new AppError(400, 'badRequest');
        throw err;
      }
    };
  const receiptSchema = {
    tags,
    params: providerReceiptParam,
    querystring: z.object({ token: z.string().max(100).optional() }),
    body: z.unknown(),
  };
  r.post(
    '/api/v1/call/receipts/:provider',
    { config: { access: { public: true } }, schema: receiptSchema },
    receipt('call'),
  );
  r.post(
    '/api/v1/sms/receipts/:provider',
    { config: { access: { public: true } }, schema: receiptSchema },
    receipt('sms'),
  );

  // ---- scripts ------------------------------------------------------------------------------------
  const S = '/api/v1/call/scripts';
  const S_READ = can(['call.script-list', 'call.dial']);
  const S_WRITE = can('call.script.write');
  const S_PUBLISH = can('call.script.publish');
  r.get(
    S,
    {
      config: { access: S_READ },
      schema: { tags, querystring: scriptListQuery, response: { 200: envelopeOf(listResultOf(scriptRow)) } },
    },
    async (req) => ok(await scripts.list(principalOf(req), req.query)),
  );
  r.get(
    `${S}/export`,
    { config: { access: can('call.script.export') }, schema: { tags, querystring: scriptExportQuery } },
    async (req, reply) => {
      const p = principalOf(req);
      const lang = requestLanguage(req);
      return opts.exports.respond(
        reply,
        scriptExporter(scripts, p, req.query, lang),
        p,
        requestIp(req),
        formatMessage(lang, 'exportStarted'),
      );
    },
  );
  r.get(
    `${S}/:id`,
    {
      config: { access: S_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.get(principalOf(req), req.params.id)),
  );
  r.get(
    `${S}/:id/versions`,
    {
      config: { access: can('call.script-list') },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelopeOf(z.object({ items: z.array(scriptVersionRow) })) },
      },
    },
    async (req) => ok({ items: await scripts.versions(principalOf(req), req.params.id) }),
  );
  r.get(
    `${S}/:id/diff`,
    {
      config: { access: can('call.script-list') },
      schema: {
        tags,
        params: idParam,
        querystring: scriptDiffQuery,
        response: { 200: envelopeOf(scriptDiff) },
      },
    },
    async (req) => ok(await scripts.diff(principalOf(req), req.params.id, req.query.against)),
  );
  r.post(
    S,
    {
      config: { access: S_WRITE },
      schema: { tags, body: scriptCreate, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${S}/:id`,
    {
      config: { access: S_WRITE },
      schema: { tags, params: idParam, body: scriptUpdate, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${S}/:id/copy`,
    {
      config: { access: S_WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.copy(principalOf(req), req.params.id, requestIp(req))),
  );
  r.delete(
    `${S}/:id`,
    { config: { access: S_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await scripts.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${S}/:id/publish`,
    {
      config: { access: S_PUBLISH },
      schema: { tags, params: idParam, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.publish(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${S}/:id/offline`,
    {
      config: { access: S_PUBLISH },
      schema: { tags, params: idParam, response: { 200: envelopeOf(scriptRow) } },
    },
    async (req) => ok(await scripts.offline(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${S}/bulk-publish`,
    {
      config: { access: S_PUBLISH },
      schema: { tags, body: bulkIdsBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) =>
      ok(await scripts.bulkPublish(principalOf(req), req.body.ids, requestLanguage(req), requestIp(req))),
  );
  r.post(
    `${S}/bulk-offline`,
    {
      config: { access: S_PUBLISH },
      schema: { tags, body: bulkIdsBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) =>
      ok(await scripts.bulkOffline(principalOf(req), req.body.ids, requestLanguage(req), requestIp(req))),
  );

  await smsRoutes(app, sms);
};
