import { z } from 'zod';

/** System > Jobs: background and scheduled jobs of the durable queue, their schedules and last runs. */
export const JOB_RUN_STATUSES = ['RUNNING', 'SUCCESS', 'FAILED', 'INTERRUPTED'] as const;
export const JOB_TRIGGERS = ['SCHEDULE', 'MANUAL', 'QUEUED'] as const;

export const jobRunRow = z.object({
  id: z.number().int(),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  status: z.string(),
  trigger: z.string(),
  attempt: z.number().int(),
  counts: z.record(z.string(), z.number()).nullable(),
  error: z.string().nullable(),
});
export type JobRunRow = z.infer<typeof jobRunRow>;

export const jobInfo = z.object({
  name: z.string(),
  /** Five-field cron in timeZone; null for jobs only sent by modules (imports, exports). */
  cron: z.string().nullable(),
  timeZone: z.string(),
  paused: z.boolean(),
  retryLimit: z.number().int(),
  queued: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  lastRuns: z.array(jobRunRow),
});
export type JobInfo = z.infer<typeof jobInfo>;

export const jobNameParams = z.object({ name: z.string().trim().min(1).max(64) }).strict();
export const jobPauseBody = z.object({ paused: z.boolean() }).strict();
