import {
  channelCreate,
  channelNode,
  channelRow,
  channelUpdate,
  dictOptions,
  envelopeOf,
  gradeAdvanceBody,
  gradeAdvanceQuery,
  gradeAdvanceResult,
  gradeCreate,
  gradeRow,
  gradeUpdate,
  idParam,
  listResultOf,
  platformCreate,
  platformListQuery,
  platformRow,
  platformUpdate,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cacheable, LOOKUP_MAX_AGE } from '../../lib/http-cache';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { DictionaryService } from './service';

const BASE = '/api/v1/dict';
const can = (code: string) => ({ permission: code }) as const;

/** 来源平台 / 订单渠道 / 年级: read on the dictionary pages (admin, siyu, chakan), written by admin. */
export const dictionaryRoutes = async (app: FastifyInstance, opts: { dicts: DictionaryService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dictionaries'];
  const { dicts } = opts;
  const none = envelopeOf(z.null());

  // Options for client forms and filters: every page that shows or edits clients, orders or products.
  r.get(
    `${BASE}/options`,
    {
      config: {
        access: {
          permission: [
            'client.list',
            'client.my-list',
            'client.public-list',
            'client.follow-record-list',
            'order.list',
            'order.platform-list',
            'order.channel-list',
            'order.grade-list',
            // product filters (grade) and the product form (grades, external ids per platform)
            'product.list',
            'product.add',
            'product.edit',
            'product.copy',
            // class form and filters (grade); member filters (platform, channel, grade)
            'course.class-list',
            'member.list',
          ],
        },
      },
      schema: { tags, response: { 200: envelopeOf(dictOptions) } },
    },
    async (req, reply) => cacheable(req, reply, await dicts.options(), LOOKUP_MAX_AGE.options),
  );

  // ---- source platforms ---------------------------------------------------------------------------
  const PLATFORMS = `${BASE}/platforms`;
  const P_READ = can('order.platform-list');
  const P_WRITE = can('order.platform.write');
  r.get(
    PLATFORMS,
    {
      config: { access: P_READ },
      schema: {
        tags,
        querystring: platformListQuery,
        response: { 200: envelopeOf(listResultOf(platformRow)) },
      },
    },
    async (req) => ok(await dicts.listPlatforms(req.query)),
  );
  r.get(
    `${PLATFORMS}/:id`,
    {
      config: { access: P_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(platformRow) } },
    },
    async (req) => ok(await dicts.getPlatform(req.params.id)),
  );
  r.post(
    PLATFORMS,
    {
      config: { access: P_WRITE },
      schema: { tags, body: platformCreate, response: { 200: envelopeOf(platformRow) } },
    },
    async (req) => ok(await dicts.createPlatform(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${PLATFORMS}/:id`,
    {
      config: { access: P_WRITE },
      schema: { tags, params: idParam, body: platformUpdate, response: { 200: envelopeOf(platformRow) } },
    },
    async (req) => ok(await dicts.updatePlatform(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${PLATFORMS}/:id`,
    { config: { access: P_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await dicts.removePlatform(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- order channels -----------------------------------------------------------------------------
  const CHANNELS = `${BASE}/channels`;
  const C_READ = can('order.channel-list');
  const C_WRITE = can('order.channel.write');
  r.get(
    CHANNELS,
    {
      config: { access: C_READ },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(channelNode) })) } },
    },
    async () => ok({ items: await dicts.channelTree() }),
  );
  r.get(
    `${CHANNELS}/:id`,
    {
      config: { access: C_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(channelRow) } },
    },
    async (req) => ok(await dicts.getChannel(req.params.id)),
  );
  r.post(
    CHANNELS,
    {
      config: { access: C_WRITE },
      schema: { tags, body: channelCreate, response: { 200: envelopeOf(channelRow) } },
    },
    async (req) => ok(await dicts.createChannel(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${CHANNELS}/:id`,
    {
      config: { access: C_WRITE },
      schema: { tags, params: idParam, body: channelUpdate, response: { 200: envelopeOf(channelRow) } },
    },
    async (req) => ok(await dicts.updateChannel(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${CHANNELS}/:id`,
    { config: { access: C_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await dicts.removeChannel(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- grades -------------------------------------------------------------------------------------
  const GRADES = `${BASE}/grades`;
  const G_READ = can('order.grade-list');
  const G_WRITE = can('order.grade.write');
  const G_ADVANCE = can('order.grade.advance');
  r.get(
    GRADES,
    {
      config: { access: G_READ },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(gradeRow) })) } },
    },
    async () => ok({ items: await dicts.listGrades() }),
  );
  r.get(
    `${GRADES}/advance-preview`,
    {
      config: { access: G_ADVANCE },
      schema: { tags, querystring: gradeAdvanceQuery, response: { 200: envelopeOf(gradeAdvanceResult) } },
    },
    async (req) => ok(await dicts.advancePreview(req.query.academicYear)),
  );
  r.post(
    `${GRADES}/advance`,
    {
      config: { access: G_ADVANCE },
      schema: { tags, body: gradeAdvanceBody, response: { 200: envelopeOf(gradeAdvanceResult) } },
    },
    async (req) => ok(await dicts.advance(principalOf(req), req.body.academicYear, requestIp(req))),
  );
  r.get(
    `${GRADES}/:id`,
    {
      config: { access: G_READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(gradeRow) } },
    },
    async (req) => ok(await dicts.getGrade(req.params.id)),
  );
  r.post(
    GRADES,
    {
      config: { access: G_WRITE },
      schema: { tags, body: gradeCreate, response: { 200: envelopeOf(gradeRow) } },
    },
    async (req) => ok(await dicts.createGrade(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${GRADES}/:id`,
    {
      config: { access: G_WRITE },
      schema: { tags, params: idParam, body: gradeUpdate, response: { 200: envelopeOf(gradeRow) } },
    },
    async (req) => ok(await dicts.updateGrade(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  r.delete(
    `${GRADES}/:id`,
    { config: { access: G_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await dicts.removeGrade(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
