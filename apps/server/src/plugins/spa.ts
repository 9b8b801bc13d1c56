import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

/**
 * Serves the built console. History fallback: an extension-less GET outside /api answers
 * index.html; a missing asset (a path with an extension) is a plain 404; unknown /api paths get
 * the JSON envelope.
 */
export const registerSpa = async (app: FastifyInstance, distDir: string | undefined) => {
  const hasDist = Boolean(distDir && fs.existsSync(path.join(distDir, 'index.html')));
  if (hasDist && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/')) return sendError(req, reply, 404, 'apiNotFound');
    const isPageRequest = (req.method === 'GET' || req.method === 'HEAD') && !path.posix.extname(url);
    if (isPageRequest && hasDist) {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
  });
};
