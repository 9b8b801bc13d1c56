import { z } from 'zod';

/** One readiness check of /api/ready (database, migrations, and what modules register: the queue). */
export const readinessCheck = z.object({
  name: z.string(),
  ok: z.boolean(),
  /** Why it is not ready (or a detail, e.g. "11 of 11 applied"). */
  detail: z.string(),
});
export type ReadinessCheck = z.infer<typeof readinessCheck>;

export const readiness = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.enum(['pglite', 'postgres']),
  checks: z.array(readinessCheck),
});

export const recentErrorRow = z.object({
  time: z.iso.datetime(),
  level: z.enum(['error', 'fatal']),
  msg: z.string(),
  error: z.string().nullable(),
  reqId: z.string().nullable(),
});
export type RecentErrorRow = z.infer<typeof recentErrorRow>;

/** System > Server: what an operator checks first. */
export const serverInfo = z.object({
  version: z.string(),
  nodeVersion: z.string(),
  pid: z.number().int(),
  hostname: z.string(),
  startedAt: z.iso.datetime(),
  uptimeSeconds: z.number().int(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** Server version string of the database. */
    version: z.string(),
    sizeBytes: z.number().int().nullable(),
    /** PostgreSQL pool: connections in use, idle, waiting requests, maximum. */
    pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number(), max: z.number() }).nullable(),
  }),
  memory: z.object({
    rssBytes: z.number().int(),
    heapUsedBytes: z.number().int(),
    heapTotalBytes: z.number().int(),
    externalBytes: z.number().int(),
  }),
  checks: z.array(readinessCheck),
  recentErrors: z.array(recentErrorRow),
});
export type ServerInfo = z.infer<typeof serverInfo>;
