import { envelopeOf } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { said, writeAudit } from '../../lib/audit';
import { requestIp } from '../../lib/request-context';
import { clearLocksOf, listActiveLocks } from '../auth/throttle';

const lockRow = z.object({
  scope: z.enum(['username', 'pair']),
  username: z.string(),
  ip: z.string().nullable(),
  failures: z.number().int(),
  lockedUntil: z.iso.datetime(),
});

/** Admin view of login locks, and the action that clears a username's locks (audited). */
export const loginLockRoutes = async (app: FastifyInstance) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  r.get(
    '/api/v1/system/login-locks',
    {
      config: { access: { permission: 'auth.lock.clear' } },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(lockRow) })) } },
    },
    async () => {
      const rows = await listActiveLocks(app.db, app.deps.now());
      const items = rows.map((row) => {
        const isPair = row.key.startsWith('p:');
        const [username = '', ip = null] = row.key.slice(2).split('|');
        return {
          scope: isPair ? ('pair' as const) : ('username' as const),
          username,
          ip: isPair ? ip : null,
          failures: row.failures,
          lockedUntil: new Date(row.locked_until).toISOString(),
        };
      });
      return { code: 0, msg: 'ok', data: { items } };
    },
  );
  r.delete(
    '/api/v1/system/login-locks/:username',
    {
      config: { access: { permission: 'auth.lock.clear' } },
      schema: {
        tags,
        params: z.object({ username: z.string().trim().min(1).max(64) }).strict(),
        response: { 200: envelopeOf(z.object({ cleared: z.number().int() })) },
      },
    },
    async (req) => {
      const p = req.principal;
      const cleared = await app.db.transaction(async (tx) => {
        const n = await clearLocksOf(tx, req.params.username);
        await writeAudit(tx, {
          actorId: p?.userId,
          actorName: p?.username,
          action: 'auth.lock.clear',
          targetType: 'username',
          targetId: req.params.username,
          summary: said(`cleared ${n} login counters`, { username: req.params.username, n }),
          ip: requestIp(req),
        });
        return n;
      });
      return { code: 0, msg: 'ok', data: { cleared } };
    },
  );
};
