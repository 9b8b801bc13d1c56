import {
  dailyQuery,
  dataCohort,
  dataDaily,
  dataOverview,
  envelopeOf,
  overviewQuery,
  productDaily,
  productOverview,
  productQuery,
  rebuildBody,
  rebuildStarted,
  salesSeries,
  salesSeriesQuery,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { ExportService } from '../exports/service';
import { seriesExporter } from './exporters';
import type { DataCentreService } from './service';

/**
 * Data centre (DOMAIN 2): each page's figures under its page code (access.ts), in the caller's data
 * scope (siyu: own rows only, applied in SQL by the service).
 */
export const dataCentreRoutes = async (
  app: FastifyInstance,
  opts: { data: DataCentreService; exports: ExportService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['data-centre'];
  r.get(
    '/api/v1/data/overview',
    {
      config: { access: { permission: 'data.overview' } },
      schema: { tags, querystring: overviewQuery, response: { 200: envelopeOf(dataOverview) } },
    },
    async (req) => ok(await opts.data.overview(principalOf(req), req.query.date)),
  );
  r.get(
    '/api/v1/data/series',
    {
      config: { access: { permission: 'data.history' } },
      schema: { tags, querystring: salesSeriesQuery, response: { 200: envelopeOf(salesSeries) } },
    },
    async (req) => ok(await opts.data.series(principalOf(req), req.query)),
  );
  r.get(
    '/api/v1/data/series/export',
    {
      config: { access: { permission: 'data.export' } },
      schema: { tags, querystring: salesSeriesQuery },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const lang = requestLanguage(req);
      // Every key of the dimension (the page shows one page of them).
      const series = await opts.data.series(p, req.query, { all: true });
      return opts.exports.respond(reply, seriesExporter(series, lang), p, requestIp(req), '');
    },
  );
  r.get(
    '/api/v1/data/cohort',
    {
      config: { access: { permission: 'data.history' } },
      schema: {
        tags,
        querystring: z.object({ from: salesSeriesQuery.shape.from, to: salesSeriesQuery.shape.to }),
        response: { 200: envelopeOf(dataCohort) },
      },
    },
    async (req) => ok(await opts.data.cohort(principalOf(req), req.query.from, req.query.to)),
  );
  r.get(
    '/api/v1/data/daily',
    {
      config: { access: { permission: 'data.daily' } },
      schema: { tags, querystring: dailyQuery, response: { 200: envelopeOf(dataDaily) } },
    },
    async (req) => ok(await opts.data.daily(principalOf(req), req.query.date)),
  );
  r.get(
    '/api/v1/data/products/daily',
    {
      config: { access: { permission: 'data.product-daily' } },
      schema: { tags, querystring: productQuery, response: { 200: envelopeOf(productDaily) } },
    },
    async (req) => ok(await opts.data.productDaily(req.query)),
  );
  r.get(
    '/api/v1/data/products/overview',
    {
      config: { access: { permission: 'data.product-overview' } },
      schema: { tags, querystring: productQuery, response: { 200: envelopeOf(productOverview) } },
    },
    async (req) => ok(await opts.data.productOverview(req.query)),
  );
  r.post(
    '/api/v1/data/rebuild',
    {
      config: { access: { permission: 'data.rebuild' } },
      schema: { tags, body: rebuildBody, response: { 200: envelopeOf(rebuildStarted) } },
    },
    async (req) => ok(await opts.data.rebuild(principalOf(req), req.body.from, req.body.to, requestIp(req))),
  );
};
