import { envelopeOf } from '@educrm/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

export const healthRoutes = async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health'];
  /** The process is up. */
  r.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: { tags, response: { 200: envelopeOf(z.object({ status: z.literal('ok') })) } },
    },
    async () => ({ code: 0, msg: 'ok', data: { status: 'ok' as const } }),
  );
  /** The database answers. */
  r.get(
    '/api/ready',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        response: { 200: envelopeOf(z.object({ status: z.literal('ready'), database: z.string() })) },
      },
    },
    async () => {
      try {
        await app.db.execute(sql`SELECT 1`);
      } catch {
        throw new AppError(503, 'unavailable');
      }
      return { code: 0, msg: 'ok', data: { status: 'ready' as const, database: app.deps.database.kind } };
    },
  );
};
