import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type DestinationStream, type Logger } from 'pino';
import type pinoPretty from 'pino-pretty';
import { safeErrSerializer } from './safe-error';

/** What the logs of the last errors keep, for the System > Server page. */
export interface RecentError {
  time: string;
  level: 'error' | 'fatal';
  msg: string;
  error: string | null;
  reqId: string | null;
}

/** The last N error log entries of this process (a ring), and a hook for counting them (metrics). */
export class RecentErrors {
  private entries: RecentError[] = [];
  private listeners: (() => void)[] = [];
  constructor(readonly capacity = 50) {}

  record(level: number, bindings: Record<string, unknown>, args: unknown[]) {
    const [first, second] = args;
    const err =
      first instanceof Error
        ? first
        : first && typeof first === 'object' && (first as { err?: unknown }).err instanceof Error
          ? ((first as { err: Error }).err as Error)
          : null;
    const msg =
      typeof first === 'string' ? first : typeof second === 'string' ? second : (err?.message ?? '');
    this.entries.push({
      time: new Date().toISOString(),
      level: level >= 60 ? 'fatal' : 'error',
      msg: msg.slice(0, 500),
      error: err ? `${err.name}: ${err.message}`.slice(0, 1000) : null,
      reqId: typeof bindings.reqId === 'string' ? bindings.reqId : null,
    });
    if (this.entries.length > this.capacity) this.entries.shift();
    for (const l of this.listeners) l();
  }

  onRecord(listener: () => void) {
    this.listeners.push(listener);
  }

  /** Newest first. */
  list(): RecentError[] {
    return [...this.entries].reverse();
  }
}

/** Query parameters that carry credentials: signed download links (sig), tokens. */
const SECRET_PARAM = /([?&](?:sig|token|access_token|refresh_token|signature|password)=)[^&#]*/gi;
export const redactUrl = (url: string) => url.replace(SECRET_PARAM, '$1[redacted]');

/** A request id from a proxy is kept when it looks like one (nginx's $request_id, a UUID, ...). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;
export const requestIdFor = (raw: IncomingMessage): string => {
  const incoming = raw.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
};

/** Probes, scrapes and static files: logged at debug, not info. */
export const isQuietUrl = (url: string) => {
  const p = url.split('?')[0] ?? '';
  return p === '/api/health' || p === '/api/ready' || p === '/api/metrics' || !p.startsWith('/api/');
};

/**
 * One line per request when it completes (method, redacted url, status, time, user id), none when
 * it arrives; quiet URLs at debug.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.trace({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: redactUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.principal?.userId,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (isQuietUrl(request.url) && reply.statusCode < 500) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.debug({ method: request.method, url: redactUrl(request.url) }, 'route not found');
  }
}

export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * The server's logger: JSON lines, or readable lines (pino-pretty, in-process, no worker thread)
 * when stdout is a terminal; error entries are also kept in `recentErrors`.
 */
export const createLogger = (opts: {
  level: string;
  format?: LogFormat;
  recentErrors?: RecentErrors;
  destination?: DestinationStream;
}): Logger => {
  const format = opts.format ?? 'auto';
  const readable = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  const destination =
    opts.destination ??
    (readable
      ? // Loaded only for a terminal: a server writing JSON does not carry it.
        (createRequire(import.meta.url)('pino-pretty') as typeof pinoPretty)({
          colorize: process.stdout.isTTY === true,
          sync: true,
          translateTime: 'SYS:HH:MM:ss.l',
          singleLine: true,
          ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
          messageFormat:
            '{if reqId}[{reqId}] {end}{msg}{if method} {method} {url} {statusCode} {responseTime}ms{end}',
        })
      : pino.destination(1));
  const recent = opts.recentErrors;
  return pino(
    {
      level: opts.level,
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'req.body.password', 'req.body.token'],
        censor: '[redacted]',
      },
      serializers: {
        err: safeErrSerializer,
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
      hooks: {
        logMethod(args, method, level) {
          if (recent && level >= 50) recent.record(level, this.bindings(), args);
          return method.apply(this, args);
        },
      },
    },
    destination,
  );
};
