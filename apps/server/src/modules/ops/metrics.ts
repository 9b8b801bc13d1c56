import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client';
import type { RecentErrors } from '../../lib/logging';

/**
 * Prometheus metrics of one server process. `registry` is open to modules: the job queue adds its
 * job counts, durations and queue depth there (`new Gauge({ registers: [app.ops.metrics.registry], ... })`).
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration = new Histogram({
    name: 'educrm_http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly httpErrors = new Counter({
    name: 'educrm_http_errors_total',
    help: 'Responses with a 5xx status, by route pattern and status',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  readonly logErrors = new Counter({
    name: 'educrm_log_errors_total',
    help: 'Entries logged at error or fatal level',
    registers: [this.registry],
  });

  constructor(database: Database, recentErrors: RecentErrors) {
    collectDefaultMetrics({ register: this.registry });
    recentErrors.onRecord(() => this.logErrors.inc());
    const stats = database.poolStats;
    if (stats) {
      new Gauge({
        name: 'educrm_db_pool_connections',
        help: 'PostgreSQL pool connections by state (total, idle, waiting requests, max)',
        labelNames: ['state'] as const,
        registers: [this.registry],
        collect() {
          const s = stats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
          this.set({ state: 'max' }, s.max);
        },
      });
    }
    new Gauge({
      name: 'educrm_db_info',
      help: 'The database this process uses (kind label), always 1',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        this.set({ kind: database.kind }, 1);
      },
    });
  }

  /** Times every request by its route pattern (never the raw URL: bounded label values). */
  instrument(app: FastifyInstance) {
    app.addHook('onResponse', async (req, reply) => {
      const pattern = req.routeOptions.url;
      const route = pattern === undefined ? 'unmatched' : pattern.startsWith('/api/') ? pattern : 'static';
      const status = reply.statusCode;
      this.httpDuration.observe(
        { method: req.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      if (status >= 500) this.httpErrors.inc({ route, status: String(status) });
    });
  }
}
