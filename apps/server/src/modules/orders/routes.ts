import {
  cancelOrder,
  changeAttribution,
  confirmPayment,
  dashboardSummary,
  dealListQuery,
  dealRow,
  envelopeOf,
  formatMessage,
  idParam,
  type Language,
  listResultOf,
  orderCreate,
  orderDetail,
  orderListQuery,
  orderListTotals,
  orderRow,
  orderSkuOption,
  orderSkuOptionsQuery,
  refundApply,
  refundDecision,
} from '@educrm/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { Principal } from '../../types';
import type { Exporter, ExportService } from '../exports/service';
import type { DashboardService } from './dashboard.service';
import type { DealService } from './deals.service';
import { dealExporter, orderExporter } from './exporters';
import type { OrderService } from './orders.service';
import { skuOptions } from './sku-options';

export const orderRoutes = async (
  app: FastifyInstance,
  opts: { orders: OrderService; deals: DealService; dashboard: DashboardService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const none = envelopeOf(z.null());
  const LIST = { permission: 'order.list' } as const;
  // The list pages are the hot path (bench:orders): their rows are built by the services from typed
  // data, so the answer is serialised directly instead of being re-validated by zod per row (as the
  // client lists do: ~0.4 ms of server CPU per page of 20 orders). The schema still documents the
  // answer in OpenAPI, and the API tests check the shape.
  const listSerializer = () => (data: unknown) => JSON.stringify(data);
  /**
   * An export of a list: the list's filters without paging and sort, in the caller's scope and
   * language; streamed, or a background job when large (ExportService.respond).
   */
  const exportList = <Q extends { page?: number; pageSize?: number; sort?: string }, Row>(
    req: FastifyRequest,
    reply: FastifyReply,
    query: Q,
    exporter: (p: Principal, filters: Omit<Q, 'page' | 'pageSize' | 'sort'>, lang: Language) => Exporter<Row>,
  ) => {
    const p = principalOf(req);
    const lang = requestLanguage(req);
    const { page: _p, pageSize: _s, sort: _o, ...filters } = query;
    return opts.exports.respond(
      reply,
      exporter(p, filters, lang),
      p,
      requestIp(req),
      formatMessage(lang, 'exportStarted'),
    );
  };

  r.get(
    '/api/v1/orders',
    {
      config: { access: LIST },
      schema: { tags, querystring: orderListQuery, response: { 200: envelopeOf(listResultOf(orderRow)) } },
      serializerCompiler: listSerializer,
    },
    async (req) => ok(await opts.orders.list(principalOf(req), req.query)),
  );
  r.get(
    '/api/v1/orders/totals',
    {
      config: { access: LIST },
      schema: { tags, querystring: orderListQuery, response: { 200: envelopeOf(orderListTotals) } },
    },
    async (req) => {
      const { page: _p, pageSize: _s, sort: _o, ...filters } = req.query;
      return ok(await opts.orders.listTotals(principalOf(req), filters));
    },
  );
  r.get(
    '/api/v1/orders/export',
    {
      config: { access: { permission: 'order.export' } },
      schema: { tags, querystring: orderListQuery.partial() },
    },
    (req, reply) =>
      exportList(req, reply, req.query, (p, filters, lang) => orderExporter(opts.orders, p, filters, lang)),
  );
  // SKUs for the manual-order form and the product filters (siyu has no product pages).
  r.get(
    '/api/v1/orders/sku-options',
    {
      config: { access: { permission: ['order.create', 'order.list', 'product.order-list'] } },
      schema: {
        tags,
        querystring: orderSkuOptionsQuery,
        response: { 200: envelopeOf(z.object({ items: z.array(orderSkuOption) })) },
      },
    },
    async (req) => ok({ items: await skuOptions(app.db, req.query) }),
  );
  r.get(
    '/api/v1/orders/:id',
    {
      config: { access: LIST },
      schema: { tags, params: idParam, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => ok(await opts.orders.get(principalOf(req), req.params.id)),
  );
  r.post(
    '/api/v1/orders',
    {
      config: { access: { permission: 'order.create' } },
      schema: { tags, body: orderCreate, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => ok(await opts.orders.create(principalOf(req), req.body, requestIp(req))),
  );
  r.post(
    '/api/v1/orders/:id/confirm-payment',
    {
      config: { access: { permission: 'order.confirm' } },
      schema: { tags, params: idParam, body: confirmPayment, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => {
      const p = principalOf(req);
      await opts.orders.confirmPayment(p, req.params.id, req.body, requestIp(req));
      return ok(await opts.orders.get(p, req.params.id));
    },
  );
  r.post(
    '/api/v1/orders/:id/cancel',
    {
      config: { access: { permission: 'order.cancel' } },
      schema: { tags, params: idParam, body: cancelOrder, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => {
      const p = principalOf(req);
      await opts.orders.cancel(p, req.params.id, req.body, requestIp(req));
      return ok(await opts.orders.get(p, req.params.id));
    },
  );
  r.post(
    '/api/v1/orders/:id/refunds',
    {
      config: { access: { permission: 'order.refund.apply' } },
      schema: { tags, params: idParam, body: refundApply, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => {
      const p = principalOf(req);
      await opts.orders.applyRefund(p, req.params.id, req.body, requestIp(req));
      return ok(await opts.orders.get(p, req.params.id));
    },
  );
  for (const verb of ['approve', 'reject', 'complete'] as const) {
    r.post(
      `/api/v1/refunds/:id/${verb}`,
      {
        config: { access: { permission: 'order.refund.audit' } },
        schema: { tags, params: idParam, body: refundDecision, response: { 200: none } },
      },
      async (req) => {
        const p = principalOf(req);
        if (verb === 'approve')
          await opts.orders.approveRefund(p, req.params.id, req.body.remark, requestIp(req));
        else if (verb === 'reject')
          await opts.orders.rejectRefund(p, req.params.id, req.body.remark, requestIp(req));
        else await opts.orders.completeRefund(p, req.params.id, requestIp(req));
        return ok(null);
      },
    );
  }
  r.post(
    '/api/v1/orders/:id/attribution',
    {
      config: { access: { permission: 'order.attribution' } },
      schema: { tags, params: idParam, body: changeAttribution, response: { 200: envelopeOf(orderDetail) } },
    },
    async (req) => {
      const p = principalOf(req);
      await opts.orders.changeAttribution(p, req.params.id, req.body, requestIp(req));
      return ok(await opts.orders.get(p, req.params.id));
    },
  );

  // ---- deal history
  r.get(
    '/api/v1/product/deals',
    {
      config: { access: { permission: 'product.order-list' } },
      schema: { tags, querystring: dealListQuery, response: { 200: envelopeOf(listResultOf(dealRow)) } },
      serializerCompiler: listSerializer,
    },
    async (req) => ok(await opts.deals.list(principalOf(req), req.query)),
  );
  r.get(
    '/api/v1/product/deals/export',
    {
      config: { access: { permission: 'product.deal.export' } },
      schema: { tags, querystring: dealListQuery.partial() },
    },
    (req, reply) =>
      exportList(req, reply, req.query, (p, filters, lang) => dealExporter(opts.deals, p, filters, lang)),
  );

  // ---- dashboard figures (every signed-in user; each figure follows the caller's codes and scope)
  r.get(
    '/api/v1/dashboard/summary',
    {
      config: { access: { authenticated: true } },
      schema: { tags: ['dashboard'], response: { 200: envelopeOf(dashboardSummary) } },
    },
    async (req) => ok(await opts.dashboard.summary(principalOf(req))),
  );
};
