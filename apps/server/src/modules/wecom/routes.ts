import {
  envelopeOf,
  idParam,
  listResultOf,
  wecomAppCreate,
  wecomAppListQuery,
  wecomAppRotate,
  wecomAppRow,
  wecomAppUpdate,
  wecomAppVersionBody,
  wecomSyncRequested,
  wecomSyncRunListQuery,
  wecomSyncRunRow,
  wecomTestResult,
} from '@educrm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { WecomAppService } from './apps.service';
import type { WecomWorker } from './jobs';

const BASE = '/api/v1/wecom/apps';
const READ = { permission: 'wecom.app-list' } as const;
const WRITE = { permission: 'wecom.app.write' } as const;
const SYNC = { permission: ['wecom.app.write', 'wecom.sync'] } as const;

/** The origin the console is reached at: the generated callback URL starts with it. */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** 企微 应用 (DOMAIN 9.1, 9.6): admin writes, chakan reads (without the callback keys). */
export const wecomAppRoutes = async (
  app: FastifyInstance,
  opts: { apps: WecomAppService; worker: WecomWorker },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wecom'];
  const { apps, worker } = opts;

  r.get(
    BASE,
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: wecomAppListQuery,
        response: { 200: envelopeOf(listResultOf(wecomAppRow)) },
      },
    },
    async (req) => ok(await apps.list(req.query, principalOf(req), originOf(req))),
  );
  r.get(
    `${BASE}/:id`,
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(wecomAppRow) } },
    },
    async (req) => ok(await apps.get(req.params.id, principalOf(req), originOf(req))),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: { tags, body: wecomAppCreate, response: { 200: envelopeOf(wecomAppRow) } },
    },
    async (req) => ok(await apps.create(principalOf(req), req.body, requestIp(req), originOf(req))),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: wecomAppUpdate, response: { 200: envelopeOf(wecomAppRow) } },
    },
    async (req) =>
      ok(await apps.update(principalOf(req), req.params.id, req.body, requestIp(req), originOf(req))),
  );
  r.delete(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: wecomAppVersionBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await apps.remove(principalOf(req), req.params.id, req.body.version, requestIp(req));
      return ok(null);
    },
  );
  for (const [verb, status] of [
    ['disable', 'DISABLED'],
    ['enable', 'ENABLED'],
  ] as const) {
    r.post(
      `${BASE}/:id/${verb}`,
      {
        config: { access: WRITE },
        schema: {
          tags,
          params: idParam,
          body: wecomAppVersionBody,
          response: { 200: envelopeOf(wecomAppRow) },
        },
      },
      async (req) =>
        ok(
          await apps.setStatus(
            principalOf(req),
            req.params.id,
            status,
            req.body.version,
            requestIp(req),
            originOf(req),
          ),
        ),
    );
  }
  r.post(
    `${BASE}/:id/rotate`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: wecomAppRotate, response: { 200: envelopeOf(wecomAppRow) } },
    },
    async (req) =>
      ok(await apps.rotate(principalOf(req), req.params.id, req.body, requestIp(req), originOf(req))),
  );
  r.post(
    `${BASE}/:id/test`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(wecomTestResult) } },
    },
    async (req) => ok(await apps.test(principalOf(req), req.params.id, requestIp(req))),
  );
  r.post(
    `${BASE}/:id/sync`,
    {
      config: { access: SYNC },
      schema: { tags, params: idParam, response: { 200: envelopeOf(wecomSyncRequested) } },
    },
    async (req) => {
      const run = await apps.requestSync(principalOf(req), req.params.id, requestIp(req));
      void worker.kick();
      return ok(run);
    },
  );
  r.get(
    `${BASE}/:id/sync-runs`,
    {
      config: { access: READ },
      schema: {
        tags,
        params: idParam,
        querystring: wecomSyncRunListQuery,
        response: { 200: envelopeOf(listResultOf(wecomSyncRunRow)) },
      },
    },
    async (req) => ok(await apps.runs(req.params.id, req.query)),
  );
};
