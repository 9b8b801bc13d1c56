import {
  bulkResult,
  clientCreate,
  clientRow,
  envelopeOf,
  idParam,
  listResultOf,
  wecomContactListQuery,
  wecomContactRow,
  wecomDepartmentRow,
  wecomInheritBody,
  wecomLinkBody,
  wecomMarkBody,
  wecomMemberBind,
  wecomMemberListQuery,
  wecomMemberRow,
  wecomRemarkBody,
  wecomTagCreate,
  wecomTagGroupRow,
  wecomTagRename,
  wecomTransferBody,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import { exportOf } from '../courses/common';
import type { ExportService } from '../exports/service';
import type { WecomDataService } from './data.service';
import { contactExporter } from './exporter';

const BASE = '/api/v1/wecom';
const can = (code: string | string[]) => ({ permission: code }) as const;
const tagParams = z
  .object({ kind: z.enum(['tag', 'group']), id: z.coerce.number().int().positive() })
  .strict();

/** 企微 成员 / 外部联系人 / 标签 (DOMAIN 9.5.3, 9.6). */
export const wecomDataRoutes = async (
  app: FastifyInstance,
  opts: { data: WecomDataService; exports?: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wecom'];
  const { data } = opts;
  const none = envelopeOf(z.null());

  r.get(
    `${BASE}/members`,
    {
      config: { access: can('wecom.member-list') },
      schema: {
        tags,
        querystring: wecomMemberListQuery,
        response: { 200: envelopeOf(listResultOf(wecomMemberRow)) },
      },
    },
    async (req) => ok(await data.listMembers(req.query, principalOf(req))),
  );
  r.get(
    `${BASE}/departments`,
    {
      config: { access: can('wecom.member-list') },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(wecomDepartmentRow) })) } },
    },
    async () => ok({ items: await data.listDepartments() }),
  );
  r.put(
    `${BASE}/members/:id/bind`,
    {
      config: { access: can('wecom.member.bind') },
      schema: { tags, params: idParam, body: wecomMemberBind, response: { 200: none } },
    },
    async (req) => {
      await data.bindMember(principalOf(req), req.params.id, req.body.sysUserId, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/members/:id/inherit`,
    {
      config: { access: can('wecom.contact.transfer') },
      schema: { tags, params: idParam, body: wecomInheritBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) =>
      ok(await data.inherit(principalOf(req), req.params.id, req.body.takeoverUserid, requestIp(req))),
  );
  r.get(
    `${BASE}/contacts`,
    {
      config: { access: can('wecom.contact-list') },
      schema: {
        tags,
        querystring: wecomContactListQuery,
        response: { 200: envelopeOf(listResultOf(wecomContactRow)) },
      },
    },
    async (req) => ok(await data.listContacts(req.query, principalOf(req))),
  );
  r.get(
    `${BASE}/clients/:id/relations`,
    {
      // The client drawer (any client page) and the WeCom contact page.
      config: {
        access: can(['client.list', 'client.my-list', 'client.public-list', 'wecom.contact-list']),
      },
      schema: {
        tags,
        params: idParam,
        response: { 200: envelopeOf(z.object({ items: z.array(wecomContactRow) })) },
      },
    },
    async (req) => ok(await data.relationsOfClient(principalOf(req), req.params.id)),
  );
  if (opts.exports) {
    const exports = opts.exports;
    r.get(
      `${BASE}/contacts/export`,
      {
        config: { access: can('wecom.contact.export') },
        schema: { tags, querystring: wecomContactListQuery.partial() },
      },
      (req, reply) =>
        exportOf(exports, req, reply, req.query, (p, f, lang) => contactExporter(data, p, f, lang)),
    );
  }
  r.post(
    `${BASE}/contacts/mark`,
    {
      config: { access: can('wecom.contact.tag') },
      schema: { tags, body: wecomMarkBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => ok(await data.mark(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    `${BASE}/contacts/:id/remark`,
    {
      config: { access: can('wecom.contact.tag') },
      schema: { tags, params: idParam, body: wecomRemarkBody, response: { 200: none } },
    },
    async (req) => {
      await data.remark(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/contacts/:id/link`,
    {
      config: { access: can('wecom.contact.link') },
      schema: { tags, params: idParam, body: wecomLinkBody, response: { 200: none } },
    },
    async (req) => {
      await data.link(principalOf(req), req.params.id, req.body.clientId, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/contacts/:id/create-client`,
    {
      // also needs client.create (checked with the caller's permissions)
      config: { access: can('wecom.contact.link') },
      schema: { tags, params: idParam, body: clientCreate, response: { 200: envelopeOf(clientRow) } },
    },
    async (req) =>
      ok(
        await data.createClient(
          principalOf(req),
          req.params.id,
          req.body,
          requestIp(req),
          requestLanguage(req),
        ),
      ),
  );
  r.post(
    `${BASE}/contacts/transfer`,
    {
      config: { access: can('wecom.contact.transfer') },
      schema: { tags, body: wecomTransferBody, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => ok(await data.transfer(principalOf(req), req.body, requestIp(req))),
  );
  r.get(
    `${BASE}/tags`,
    {
      config: { access: can(['wecom.tag-list', 'wecom.contact-list']) },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(wecomTagGroupRow) })) } },
    },
    async () => ok(await data.listTags()),
  );
  r.post(
    `${BASE}/tags`,
    {
      config: { access: can('wecom.tag.write') },
      schema: {
        tags,
        body: wecomTagCreate,
        response: { 200: envelopeOf(z.object({ tagIds: z.array(z.string()) })) },
      },
    },
    async (req) => ok({ tagIds: await data.createTags(principalOf(req), req.body, requestIp(req)) }),
  );
  r.put(
    `${BASE}/tags/:kind/:id`,
    {
      config: { access: can('wecom.tag.write') },
      schema: { tags, params: tagParams, body: wecomTagRename, response: { 200: none } },
    },
    async (req) => {
      await data.renameTag(principalOf(req), req.params.kind, req.params.id, req.body.name, requestIp(req));
      return ok(null);
    },
  );
  r.delete(
    `${BASE}/tags/:kind/:id`,
    {
      config: { access: can('wecom.tag.write') },
      schema: { tags, params: tagParams, response: { 200: none } },
    },
    async (req) => {
      await data.deleteTag(principalOf(req), req.params.kind, req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
