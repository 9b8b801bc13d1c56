import type { FastifyInstance } from 'fastify';
import { RecentErrors, requestIdFor } from '../../lib/logging';
import { backupRoutes } from './backup.routes';
import { Metrics } from './metrics';
import { Readiness } from './readiness';
import { opsRoutes } from './routes';
import { OpsService } from './service';

/** What modules can plug into: readiness checks, metrics, and the recent errors the logger keeps. */
export interface Ops {
  readiness: Readiness;
  metrics: Metrics;
  recentErrors: RecentErrors;
  /**
   * The first part of a graceful stop (main.ts): from now on every answer carries `Connection:
   * close` and /api/ready answers 503, so keep-alive clients and balancers move to new connections
   * before the listener closes. Closing idle keep-alive sockets at once (what server.close does)
   * resets a request a client is sending on one at that moment: 6 of 20 clients failed so (issue 43).
   */
  startDraining(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export { requestIdFor };

/**
 * Operations: /api/health, /api/ready, /api/metrics, System > Server, the request id echoed as
 * X-Request-Id, and request timing for the metrics.
 */
export const registerOps = async (
  app: FastifyInstance,
  opts: { recentErrors?: RecentErrors; metricsToken?: string },
) => {
  const database = app.deps.database;
  const recentErrors = opts.recentErrors ?? new RecentErrors();
  const readiness = new Readiness();
  const metrics = new Metrics(database, recentErrors);
  const service = new OpsService(database, readiness, recentErrors);
  readiness.register('database', async () => {
    await service.checkDatabase();
    return database.kind;
  });
  readiness.register('migrations', () => service.checkMigrations());
  let draining = false;
  readiness.register('accepting', async () => (draining ? false : 'ok'));
  app.decorate('ops', {
    readiness,
    metrics,
    recentErrors,
    startDraining: () => {
      draining = true;
    },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (draining) reply.header('connection', 'close');
  });
  metrics.instrument(app);
  await app.register(opsRoutes, { ops: service, readiness, metrics, metricsToken: opts.metricsToken });
  if (database.pglite && app.deps.backupToken) {
    await app.register(backupRoutes, { backupToken: app.deps.backupToken });
  }
};
