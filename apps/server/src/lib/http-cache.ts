import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ok } from './list';

/**
 * Small lookups that list pages load beside their list (dictionary options, client tags, staff
 * options, the pool quota) are cacheable in the browser (issue 16 item 17): `private, max-age=N`
 * lets a page reloaded within N seconds make no request for them at all, and the ETag turns a
 * revalidation (after N seconds, or forced by the console after its own change with a
 * `Cache-Control: max-age=0` request header) into a bodiless 304 when nothing changed.
 * `Vary: Authorization` keeps one user's answer from ever serving another user of the same browser.
 * The pool quota is revalidated every time (max-age 0: a 304 when unchanged): its limits are what an
 * admin just changed, and its counts what this user just claimed in another tab.
 */
export const LOOKUP_MAX_AGE = { options: 300, quota: 0 } as const;

const etagOf = (body: unknown) =>
  `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 32)}"`;

const matches = (header: string | undefined, etag: string) =>
  !!header &&
  header
    .split(',')
    .map((s) => s.trim())
    .some((t) => t === '*' || t === etag || t === etag.slice(2));

/** Answers `data` in the envelope, cacheable for `maxAgeSeconds`; 304 when the caller's copy is current. */
export const cacheable = <T>(req: FastifyRequest, reply: FastifyReply, data: T, maxAgeSeconds: number) => {
  const body = ok(data);
  const etag = etagOf(body);
  reply.header('cache-control', `private, max-age=${maxAgeSeconds}`);
  reply.header('etag', etag);
  reply.header('vary', 'Authorization, Accept-Language');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return body;
};
