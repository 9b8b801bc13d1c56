import { envelopeOf, jobInfo, jobNameParams, jobPauseBody } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { said, writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { requestIp } from '../../lib/request-context';

const BASE = '/api/v1/system/jobs';

/** System > Jobs: the queue's jobs and schedules, run now, pause and resume a schedule (admin, audited). */
export const jobRoutes = async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const queue = app.deps.queue;
  /** Only scheduled jobs are run now or paused; the others need the data their module sends. */
  const scheduled = (name: string) => {
    const def = queue.definitions().find((d) => d.name === name);
    if (!def) throw notFound();
    if (!def.cron) throw new AppError(400, 'badRequest');
  };

  r.get(
    BASE,
    {
      config: { access: { permission: 'system.job-list' } },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(jobInfo) })) } },
    },
    async () => ({ code: 0, msg: 'ok', data: { items: await queue.list() } }),
  );

  r.post(
    `${BASE}/:name/run`,
    {
      config: { access: { permission: 'system.job.run' } },
      schema: { tags, params: jobNameParams, response: { 200: envelopeOf(z.object({ jobId: z.string() })) } },
    },
    async (req) => {
      const { name } = req.params;
      scheduled(name);
      const p = req.principal;
      await queue.ready();
      const jobId = await app.db.transaction(async (tx) => {
        const id = await queue.send(name, {}, { tx, trigger: 'MANUAL' });
        await writeAudit(tx, {
          actorId: p?.userId,
          actorName: p?.username,
          action: 'system.job.run',
          targetType: 'job',
          targetId: name,
          summary: said(`ran ${name} now`, { job: name }),
          ip: requestIp(req),
        });
        return id ?? '';
      });
      return { code: 0, msg: 'ok', data: { jobId } };
    },
  );

  r.put(
    `${BASE}/:name/pause`,
    {
      config: { access: { permission: 'system.job.run' } },
      schema: {
        tags,
        params: jobNameParams,
        body: jobPauseBody,
        response: { 200: envelopeOf(z.object({ name: z.string(), paused: z.boolean() })) },
      },
    },
    async (req) => {
      const { name } = req.params;
      scheduled(name);
      const p = req.principal;
      await app.db.transaction(async (tx) => {
        await queue.setPaused(tx, name, req.body.paused, p?.userId ?? null);
        await writeAudit(tx, {
          actorId: p?.userId,
          actorName: p?.username,
          action: req.body.paused ? 'system.job.pause' : 'system.job.resume',
          targetType: 'job',
          targetId: name,
          summary: said(`${req.body.paused ? 'paused' : 'resumed'} the schedule of ${name}`, { job: name }),
          ip: requestIp(req),
        });
      });
      return { code: 0, msg: 'ok', data: { name, paused: req.body.paused } };
    },
  );
};
