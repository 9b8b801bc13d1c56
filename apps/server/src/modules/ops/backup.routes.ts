import { timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { dumpPglite } from '../../tools/pglite-dump';

/**
 * `npm run backup` on PGlite while the server runs: only this process may open the data
 * directory, so the backup tool asks it. The token is random per process and written only into
 * the data directory's lock file (mode 0600): whoever can read it can read the data anyway.
 */
export const backupRoutes = async (app: FastifyInstance, opts: { backupToken: string }) => {
  const expected = Buffer.from(opts.backupToken);
  app.get(
    '/api/internal/backup',
    { config: { access: { public: true } }, schema: { hide: true } },
    async (req, reply) => {
      const given = Buffer.from(/^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
      const pglite = app.deps.database.pglite;
      if (!pglite || given.length !== expected.length || !timingSafeEqual(given, expected)) throw notFound();
      const started = Date.now();
      const blob = await dumpPglite(pglite);
      req.log.info({ bytes: blob.size, ms: Date.now() - started }, 'backup taken');
      reply.header('content-type', 'application/gzip');
      reply.header('content-length', blob.size);
      reply.header('cache-control', 'no-store');
      return reply.send(Readable.fromWeb(blob.stream() as never));
    },
  );
};
