import {
  envelopeOf,
  idParam,
  listResultOf,
  wecomChannelCodeCreate,
  wecomChannelCodeListQuery,
  wecomChannelCodeRow,
  wecomChannelCodeUpdate,
  wecomDefaultWelcome,
  wecomDefaultWelcomeQuery,
  wecomSimulatedAdd,
  wecomSimulatedAddResult,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { ChannelCodeService } from './codes.service';

const BASE = '/api/v1/wecom';
const LIST = { permission: 'wecom.channel-code-list' } as const;
const WRITE = { permission: 'wecom.channel-code.write' } as const;

/** 渠道活码 (issue 41): the codes, their figures, the default welcome and the sandbox's simulated scan. */
export const channelCodeRoutes = async (
  app: FastifyInstance,
  opts: {
    codes: ChannelCodeService;
    simulate: (id: number, name?: string) => Promise<z.infer<typeof wecomSimulatedAddResult>>;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wecom'];
  const { codes } = opts;
  const row = envelopeOf(wecomChannelCodeRow);
  r.get(
    `${BASE}/channel-codes`,
    {
      config: { access: LIST },
      schema: {
        tags,
        querystring: wecomChannelCodeListQuery,
        response: { 200: envelopeOf(listResultOf(wecomChannelCodeRow)) },
      },
    },
    async (req) => ok(await codes.list(req.query, principalOf(req))),
  );
  r.get(
    `${BASE}/channel-codes/:id`,
    { config: { access: LIST }, schema: { tags, params: idParam, response: { 200: row } } },
    async (req) => ok(await codes.get(principalOf(req), req.params.id)),
  );
  r.post(
    `${BASE}/channel-codes`,
    {
      config: { access: WRITE },
      schema: { tags, body: wecomChannelCodeCreate, response: { 200: row } },
    },
    async (req) => ok(await codes.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/channel-codes/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: wecomChannelCodeUpdate, response: { 200: row } },
    },
    async (req) => ok(await codes.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${BASE}/channel-codes/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await codes.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/channel-codes/:id/simulate-add`,
    {
      config: { access: WRITE },
      schema: {
        tags,
        params: idParam,
        body: wecomSimulatedAdd,
        response: { 200: envelopeOf(wecomSimulatedAddResult) },
      },
    },
    async (req) => ok(await opts.simulate(req.params.id, req.body.name)),
  );
  r.get(
    `${BASE}/default-welcome`,
    {
      config: { access: LIST },
      schema: {
        tags,
        querystring: wecomDefaultWelcomeQuery,
        response: { 200: envelopeOf(wecomDefaultWelcome) },
      },
    },
    async (req) => ok({ appId: req.query.appId, welcomeText: await codes.defaultWelcome(req.query.appId) }),
  );
  r.put(
    `${BASE}/default-welcome`,
    {
      config: { access: WRITE },
      schema: { tags, body: wecomDefaultWelcome, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await codes.setDefaultWelcome(principalOf(req), req.body.appId, req.body.welcomeText, requestIp(req));
      return ok(null);
    },
  );
};
