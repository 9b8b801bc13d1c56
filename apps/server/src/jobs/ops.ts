import { Counter, Gauge, Histogram } from 'prom-client';
import type { Ops } from '../modules/ops';
import type { JobQueue } from './queue';

/**
 * The job queue as an operator sees it:
 * - readiness `queue`: the queue is running in this process (started on demand when it was not
 *   yet: a server that cannot start its queue is not ready); a stopped queue fails the check.
 * - metrics: `educrm_job_runs_total{job,status}` and `educrm_job_duration_seconds{job,status}` for
 *   the attempts this process ran; `educrm_job_queue_jobs{job,state}` the jobs waiting (created,
 *   retry), running (active) and failed in the shared queue (the same figure on every server: take
 *   max() across instances, not sum()).
 */
export const registerQueueOps = (ops: Ops, queue: JobQueue) => {
  ops.readiness.register('queue', async () => {
    await queue.ready();
    const jobs = queue.definitions().length;
    return queue.works ? `running, ${jobs} jobs` : `running (sends only), ${jobs} jobs`;
  });

  const registers = [ops.metrics.registry];
  const runs = new Counter({
    name: 'educrm_job_runs_total',
    help: 'Job attempts run by this process, by job name and outcome (success, failed, skipped: paused)',
    labelNames: ['job', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'educrm_job_duration_seconds',
    help: 'Duration of the job attempts run by this process, by job name and outcome',
    labelNames: ['job', 'status'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
    registers,
  });
  queue.onRunEnd((e) => {
    runs.inc({ job: e.job, status: e.status });
    duration.observe({ job: e.job, status: e.status }, e.seconds);
  });

  const STATES = ['created', 'retry', 'active', 'failed'] as const;
  new Gauge({
    name: 'educrm_job_queue_jobs',
    help: 'Jobs in the shared queue by job name and state (created and retry: waiting; active: running; failed: kept 7 days)',
    labelNames: ['job', 'state'] as const,
    registers,
    async collect() {
      // A scrape never starts the queue; before it runs there is nothing to report.
      if (!queue.started) return;
      this.reset();
      const rows = await queue.depth().catch(() => []);
      const byKey = new Map(rows.map((r) => [`${r.name}\u0000${r.state}`, r.n]));
      for (const def of queue.definitions()) {
        for (const state of STATES)
          this.set({ job: def.name, state }, byKey.get(`${def.name}\u0000${state}`) ?? 0);
      }
    },
  });
  new Gauge({
    name: 'educrm_job_queue_running',
    help: '1 when the job queue runs in this process, 0 otherwise',
    registers,
    collect() {
      this.set(queue.started ? 1 : 0);
    },
  });
};
