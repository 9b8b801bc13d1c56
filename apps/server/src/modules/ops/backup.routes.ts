import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors';
import { sameSecret } from '../../lib/same-secret';
import { packDataDir, snapshotPglite } from '../../tools/pglite-dump';

/**
 * `npm run backup` on PGlite while the server runs: only this process may open the data
 * directory, so the backup tool asks it. The token is random per process and written only into
 * the data directory's lock file (mode 0600): whoever can read it can read the data anyway.
 */
export const backupRoutes = async (app: FastifyInstance, opts: { backupToken: string }) => {
  app.get(
    '/api/internal/backup',
    { config: { access: { public: true } }, schema: { hide: true } },
    async (req, reply) => {
      const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const pglite = app.deps.database.pglite;
      if (!pglite || !sameSecret(given, opts.backupToken)) throw notFound();
      const started = Date.now();
      const snapshot = await snapshotPglite(pglite, pglite.dataDir as string);
      const body = new PassThrough();
      packDataDir(snapshot.dir, body)
        .then(() =>
          req.log.info({ pauseMs: Math.round(snapshot.pauseMs), ms: Date.now() - started }, 'backup taken'),
        )
        .catch((err) => {
          req.log.error({ err }, 'backup failed');
          body.destroy(err);
        })
        .finally(() => fs.promises.rm(snapshot.dir, { recursive: true, force: true }))
        .catch((err) => req.log.warn({ err, dir: snapshot.dir }, 'backup copy left behind'));
      reply.header('content-type', 'application/gzip');
      reply.header('cache-control', 'no-store');
      return reply.send(body);
    },
  );
};
