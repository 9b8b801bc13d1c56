/**
 * How errors reach the log: a failed query names its SQL, but never its parameters (client names,
 * mobiles, remarks) and never PostgreSQL's `detail` ("Key (mobile)=(138...) already exists").
 * The SQLSTATE code, constraint, table and column stay, which is what a reader needs.
 */
const PARAMS = /\nparams: [\s\S]*$/;

const clean = (err: unknown, depth = 0): Record<string, unknown> | unknown => {
  if (!(err instanceof Error) || depth > 3) return err;
  const base: Record<string, unknown> = {
    ...(err as unknown as Record<string, unknown>),
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack,
  };
  const message = String(base.message ?? '').replace(PARAMS, '');
  const out: Record<string, unknown> = {
    ...base,
    message,
    stack:
      typeof base.stack === 'string' ? base.stack.replace(String(base.message ?? ''), message) : base.stack,
  };
  delete out.params;
  delete out.detail;
  delete out.where;
  delete out.hint;
  if ('cause' in err && err.cause) out.cause = clean(err.cause, depth + 1);
  return out;
};

export const safeErrSerializer = (
  err: Error,
): { [key: string]: unknown; type: string; message: string; stack: string } =>
  clean(err) as { type: string; message: string; stack: string };
