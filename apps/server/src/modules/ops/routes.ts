import { envelopeOf, readiness, serverInfo } from '@educrm/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { sameSecret } from '../../lib/same-secret';
import type { Metrics } from './metrics';
import type { Readiness } from './readiness';
import type { OpsService } from './service';

/** METRICS_TOKEN as a Bearer token lets a Prometheus server scrape without a staff session. */
const metricsTokenOf = (req: FastifyRequest) =>
  /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];

export const opsRoutes = async (
  app: FastifyInstance,
  opts: { ops: OpsService; readiness: Readiness; metrics: Metrics; metricsToken: string | undefined },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['operations'];
  /** The process is up (liveness). */
  r.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: envelopeOf(z.object({ status: z.literal('ok') })) } },
    },
    async () => ({ code: 0, msg: 'ok', data: { status: 'ok' as const } }),
  );
  /** This instance can serve: the database answers, migrations are applied, registered checks pass. */
  r.get(
    '/api/ready',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: envelopeOf(readiness) } },
    },
    async () => {
      const { ready, checks } = await opts.readiness.run();
      const data = {
        status: ready ? ('ready' as const) : ('not-ready' as const),
        database: app.deps.database.kind,
        checks,
      };
      if (!ready) throw new AppError(503, 'unavailable', {}, data);
      return { code: 0, msg: 'ok', data };
    },
  );
  /** Prometheus text format: a METRICS_TOKEN bearer, or a staff session holding system.monitor. */
  r.get(
    '/api/metrics',
    {
      config: {
        access: { permission: 'system.monitor' },
        // Checked by the access plugin's onRequest hook, which runs before any route-level hook.
        machineAccess: (req) => {
          const token = metricsTokenOf(req);
          return Boolean(opts.metricsToken && token && sameSecret(token, opts.metricsToken));
        },
      },
      schema: { tags, hide: true },
    },
    async (_req, reply) => {
      reply.header('content-type', opts.metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return opts.metrics.registry.metrics();
    },
  );
  /** System > Server. */
  r.get(
    '/api/v1/system/server',
    {
      config: { access: { permission: 'system.server' } },
      schema: { tags, response: { 200: envelopeOf(serverInfo) } },
    },
    async () => ({ code: 0, msg: 'ok', data: await opts.ops.info() }),
  );
};
