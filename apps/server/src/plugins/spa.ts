import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/** Content-hashed build output: a changed file gets a new name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and unhashed files (logo.svg): kept, but revalidated on every use (ETag -> 304). */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console. The build writes a brotli (.br) and a gzip (.gz) copy beside every
 * text file (apps/web/vite-plugins/precompress.ts); @fastify/static picks one by Accept-Encoding
 * (br first) and answers `Vary: Accept-Encoding`, so serving costs no compression CPU per request.
 * Files under /assets/ carry a content hash and are immutable; index.html is revalidated (ETag).
 * History fallback: an extension-less GET outside /api answers index.html; a missing asset (a path
 * with an extension) is a plain 404; unknown /api paths get the JSON envelope.
 */
export const registerSpa = async (app: FastifyInstance, distDir: string | undefined) => {
  const hasDist = Boolean(distDir && fs.existsSync(path.join(distDir, 'index.html')));
  if (hasDist && distDir) {
    const assetsDir = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      etag: true,
      lastModified: true,
      // The .br/.gz copies are served in place of their file, never as URLs of their own.
      allowedPath: (pathname) => !/\.(br|gz)$/.test(pathname),
      setHeaders(reply, filePath) {
        reply.header('cache-control', filePath.includes(assetsDir) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) return sendError(req, reply, 404, 'apiNotFound');
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !path.posix.extname(url);
    if (isPageRequest && hasDist) {
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
};
