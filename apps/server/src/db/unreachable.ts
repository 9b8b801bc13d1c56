/** Socket errors of a database connection that could not be made or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL's: the server shutting down or restarting (57P01-57P03), too many connections (53300). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own, which carry no code: a lost connection, a pool that could not connect in time. */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is not queryable/i;

/**
 * Whether an error (or one it wraps: drizzle wraps the driver's in `cause`) says the database
 * cannot be reached right now, rather than that a query was wrong: worth retrying later, from
 * this server or another (503), not a bug (500).
 */
export const isDatabaseUnreachable = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08/.test(code)))
      return true;
    if (typeof message === 'string' && CLIENT_MESSAGES.test(message)) return true;
    e = cause;
  }
  return false;
};

/** What to log of such an error: the driver's code or message, under drizzle's "Failed query" wrapper. */
export const unreachableReason = (err: unknown): string => {
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  const code = (e as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return e instanceof Error ? e.message : String(e);
};
