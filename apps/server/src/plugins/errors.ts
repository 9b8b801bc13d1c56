import { formatMessage, type MessageKey } from '@educrm/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { requestLanguage } from '../lib/request-context';

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

/** Every failure leaves as an envelope with a real HTTP status; no stack trace ever leaves. */
export const registerErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
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
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, 500, 'internal');
  });
};
