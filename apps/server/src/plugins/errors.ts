import http from 'node:http';
import type { Socket } from 'node:net';
import { formatMessage, type MessageKey } from '@educrm/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/unreachable';
import { said, writeAudit } from '../lib/audit';
import { AppError } from '../lib/errors';
import { requestIp, requestLanguage } from '../lib/request-context';

export const sendError = (
  req: FastifyRequest,
  reply: FastifyReply,
  status: number,
  key: MessageKey,
  params: Record<string, string | number> = {},
  data: unknown = null,
  code: number = status,
) => reply.status(status).send({ code, msg: formatMessage(requestLanguage(req), key, params), data });

/** Translates zod issues into `{path: message}` for forms, in the caller's language. */
const fieldErrors = (req: FastifyRequest, err: FastifyError): Record<string, string> => {
  const lang = requestLanguage(req);
  const fields: Record<string, string> = {};
  for (const v of err.validation ?? []) {
    // fastify-type-provider-zod: keyword = zod issue code, params = the rest of the issue.
    const issue = (v.params ?? {}) as Record<string, unknown>;
    const code = v.keyword;
    const basePath = String(v.instancePath ?? '')
      .split('/')
      .filter(Boolean);
    if (code === 'unrecognized_keys') {
      for (const k of (issue.keys as string[] | undefined) ?? []) {
        fields[[...basePath, k].join('.')] = formatMessage(lang, 'unknownField', { field: k });
      }
      continue;
    }
    let key: MessageKey = 'invalidValue';
    let params: Record<string, string | number> = {};
    if (code === 'invalid_type' && issue.input === undefined) key = 'required';
    else if (code === 'too_small' && issue.origin === 'string') {
      key = Number(issue.minimum) === 1 ? 'required' : 'tooShort';
      params = { min: Number(issue.minimum) };
    } else if (code === 'too_big' && issue.origin === 'string') {
      key = 'tooLong';
      params = { max: Number(issue.maximum) };
    } else if (typeof v.message === 'string' && v.message.startsWith('msg:')) {
      key = v.message.slice(4) as MessageKey;
    }
    fields[basePath.join('.') || '_'] ??= formatMessage(lang, key, params);
  }
  return fields;
};

/** Field errors raised by services carry message keys; they leave translated. */
const translateFields = (req: FastifyRequest, data: unknown): unknown => {
  const fields = (
    data as { fields?: Record<string, { key: MessageKey; params?: Record<string, string | number> }> }
  )?.fields;
  if (!fields) return data;
  const lang = requestLanguage(req);
  return {
    ...(data as object),
    fields: Object.fromEntries(
      Object.entries(fields).map(([path, v]) => [path, formatMessage(lang, v.key, v.params ?? {})]),
    ),
  };
};

/** A refused call is a security event: who, what, when, from where (the answer does not wait on a failed write). */
const auditDenied = async (app: FastifyInstance, req: FastifyRequest) => {
  const p = req.principal;
  if (!p) return;
  await writeAudit(app.db, {
    actorId: p.userId,
    actorName: p.username,
    action: 'access.denied',
    targetType: 'route',
    targetId: `${req.method} ${req.routeOptions.url ?? req.url.split('?')[0]}`.slice(0, 64),
    summary: said(`${req.method} ${req.url.split('?')[0]}`, {
      method: req.method,
      path: req.url.split('?')[0] ?? '',
    }),
    ip: requestIp(req),
  }).catch((e: unknown) => req.log.error({ err: e }, 'audit of a refused call failed'));
};

/** Every failure leaves as an envelope with a real HTTP status; no stack trace ever leaves. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    if (err instanceof AppError && err.status === 403 && req.principal) await auditDenied(app, req);
    if (err instanceof AppError) {
      for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
      return sendError(
        req,
        reply,
        err.status,
        err.messageKey,
        err.params,
        translateFields(req, err.data),
        err.code,
      );
    }
    if (hasZodFastifySchemaValidationErrors(err) || err.validation) {
      return sendError(req, reply, 400, 'validationFailed', {}, { fields: fieldErrors(req, err) });
    }
    // The spec's `{token}`-in-body calls: a body that cannot be read carries no credentials.
    const access = req.routeOptions.config?.access;
    if (err.code?.startsWith('FST_ERR_CTP_') && !req.principal && access && !('public' in access)) {
      return sendError(req, reply, 401, 'unauthorized');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(req, reply, 413, 'payloadTooLarge');
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      (err instanceof SyntaxError && err.statusCode === 400)
    ) {
      return sendError(req, reply, 400, 'invalidJson');
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
      return sendError(req, reply, 415, 'unsupportedMediaType');
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendError(req, reply, status, status === 429 ? 'tooManyRequests' : 'badRequest');
    }
    if (isDatabaseUnreachable(err)) {
      // Not a bug: the database is down or restarting. 503 lets a proxy (proxy_next_upstream
      // http_503) and clients try again; /api/ready answers 503 meanwhile.
      req.log.warn({ err }, 'database unreachable');
      reply.header('retry-after', '5');
      return sendError(req, reply, 503, 'databaseUnavailable');
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500, 'internal');
  });
};

/** Longest request target the API reads (request line and headers together are capped at 16 KiB by Node). */
export const MAX_URL_LENGTH = 8192;

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers over 16 KiB, malformed
 * request lines, timeouts) still leave as the envelope, in the default language.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headersTooLarge']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'badRequest']
        : [400, 'badRequest'];
  const body = JSON.stringify({ code: status, msg: formatMessage('zh', key, {}), data: null });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/** An over-long address answers 414 before routing work, authentication or parsing. */
export const registerUrlLimit = (app: FastifyInstance) => {
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.length > MAX_URL_LENGTH) return sendError(req, reply, 414, 'uriTooLong');
  });
};
