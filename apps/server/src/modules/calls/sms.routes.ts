import {
  bulkIdsBody,
  bulkResult,
  envelopeOf,
  formatMessage,
  idParam,
  listResultOf,
  signCreate,
  signRow,
  signUpdate,
  smsBulkBody,
  smsBulkPreview,
  smsBulkResult,
  smsLogQuery,
  smsLogRow,
  smsSendBody,
  templateCreate,
  templateEnableBody,
  templateListQuery,
  templateRow,
  templateTestSend,
  templateUpdate,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runBulk } from '../../lib/bulk';
import { ok, plainJsonSerializer } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { CLIENT_PAGES, can } from './route-access';
import type { SmsService } from './sms.service';

/** SMS (DOMAIN 7): signatures, templates, sending and the log under /api/v1/sms/*. */
export const smsRoutes = async (app: FastifyInstance, sms: SmsService) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const none = envelopeOf(z.null());
  const tags = ['calls'];

  // ---- SMS signatures -----------------------------------------------------------------------------
  const SIGNS = '/api/v1/sms/signs';
  const SUBMIT = can('sms.template.submit');
  r.get(
    SIGNS,
    {
      config: { access: can(['call.sms-template-list', 'sms.send']) },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(signRow) })) } },
    },
    async () => ok({ items: await sms.listSigns() }),
  );
  r.post(
    SIGNS,
    {
      config: { access: SUBMIT },
      schema: { tags, body: signCreate, response: { 200: envelopeOf(signRow) } },
    },
    async (req) => ok(await sms.createSign(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${SIGNS}/:id`,
    {
      config: { access: SUBMIT },
      schema: { tags, params: idParam, body: signUpdate, response: { 200: envelopeOf(signRow) } },
    },
    async (req) => ok(await sms.updateSign(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${SIGNS}/:id/sync`,
    {
      // A provider call that may change the sign's review state: for those who submit signs.
      config: { access: SUBMIT },
      schema: { tags, params: idParam, response: { 200: envelopeOf(signRow) } },
    },
    async (req) => ok(await sms.syncSign(req.params.id)),
  );
  r.delete(
    `${SIGNS}/:id`,
    { config: { access: SUBMIT }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await sms.removeSign(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- SMS templates ------------------------------------------------------------------------------
  const T = '/api/v1/sms/templates';
  const T_READ = can(['call.sms-template-list', 'sms.send']);
  const T_WRITE = can('sms.template.write');
  r.get(
    T,
    {
      config: { access: T_READ },
      schema: {
        tags,
        querystring: templateListQuery,
        response: { 200: envelopeOf(listResultOf(templateRow)) },
      },
    },
    async (req) => ok(await sms.listTemplates(principalOf(req), req.query)),
  );
  r.get(
    `${T}/:id`,
    {
      config: { access: T_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.getTemplate(principalOf(req), req.params.id)),
  );
  r.post(
    T,
    {
      config: { access: T_WRITE },
      schema: { tags, body: templateCreate, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.createTemplate(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${T}/:id`,
    {
      config: { access: T_WRITE },
      schema: { tags, params: idParam, body: templateUpdate, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.updateTemplate(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.post(
    `${T}/:id/copy`,
    {
      config: { access: T_WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.copyTemplate(principalOf(req), req.params.id, requestIp(req))),
  );
  r.delete(
    `${T}/:id`,
    { config: { access: T_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await sms.removeTemplate(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${T}/:id/submit`,
    {
      config: { access: SUBMIT },
      schema: { tags, params: idParam, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.submitTemplate(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${T}/bulk-submit`,
    {
      config: { access: SUBMIT },
      schema: { tags, body: bulkIdsBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(
        await runBulk(req.body.ids, requestLanguage(req), async (id) => {
          await sms.submitTemplate(p, id, requestIp(req));
        }),
      );
    },
  );
  r.post(
    `${T}/:id/sync`,
    {
      config: { access: can(['sms.template.write', 'sms.template.submit']) },
      schema: { tags, params: idParam, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) => ok(await sms.syncTemplateFor(principalOf(req), req.params.id)),
  );
  r.post(
    `${T}/:id/enable`,
    {
      config: { access: SUBMIT },
      schema: { tags, params: idParam, body: templateEnableBody, response: { 200: envelopeOf(templateRow) } },
    },
    async (req) =>
      ok(
        await sms.enableTemplate(
          principalOf(req),
          req.params.id,
          req.body.enabled,
          req.body.version,
          requestIp(req),
        ),
      ),
  );
  r.post(
    `${T}/:id/test-send`,
    {
      config: { access: SUBMIT },
      schema: { tags, params: idParam, body: templateTestSend, response: { 200: envelopeOf(smsLogRow) } },
    },
    async (req) => ok(await sms.testSend(principalOf(req), req.params.id, req.body, requestIp(req))),
  );

  // ---- sending and the log ------------------------------------------------------------------------
  const SEND = can('sms.send');
  r.get(
    '/api/v1/sms/send/templates',
    {
      config: { access: SEND },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(templateRow) })) } },
    },
    async (req) => ok(await sms.manualTemplates(principalOf(req))),
  );
  r.post(
    '/api/v1/sms/send',
    {
      config: { access: SEND },
      schema: { tags, body: smsSendBody, response: { 200: envelopeOf(smsLogRow) } },
    },
    async (req) => ok(await sms.send(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    '/api/v1/sms/bulk-preview',
    {
      config: { access: SEND },
      schema: { tags, body: smsBulkBody, response: { 200: envelopeOf(smsBulkPreview) } },
    },
    async (req) => ok(await sms.preview(principalOf(req), req.body)),
  );
  r.post(
    '/api/v1/sms/bulk-send',
    {
      config: { access: SEND },
      schema: { tags, body: smsBulkBody, response: { 200: envelopeOf(smsBulkResult) } },
    },
    async (req) => {
      const lang = requestLanguage(req);
      const res = await sms.bulkSend(principalOf(req), req.body, requestIp(req));
      return { code: 0, msg: formatMessage(lang, 'ok'), data: res };
    },
  );
  r.get(
    '/api/v1/sms/logs',
    {
      config: { access: can([...CLIENT_PAGES, 'call.sms-template-list']) },
      schema: { tags, querystring: smsLogQuery, response: { 200: envelopeOf(listResultOf(smsLogRow)) } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await sms.logs(principalOf(req), req.query)),
  );
  r.get(
    '/api/v1/sms/logs/:id',
    {
      config: { access: can([...CLIENT_PAGES, 'call.sms-template-list']) },
      schema: { tags, params: idParam, response: { 200: envelopeOf(smsLogRow) } },
    },
    async (req) => ok(await sms.log(principalOf(req), req.params.id)),
  );
};
