import path from 'node:path';
import { isValidUsername, PASSWORD_MAX, PASSWORD_MIN } from '@educrm/contract';
import { z } from 'zod';

/** Every environment variable the server reads, parsed in this one place (README lists them all). */
const positiveInt = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().positive())
    .optional()
    .transform((v) => v ?? fallback);

const envSchema = z.object({
  PORT: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a port number')
    .transform(Number)
    .pipe(z.number().int().min(0).max(65535))
    .optional()
    .transform((v) => v ?? 3000),
  HOST: z.string().trim().min(1).optional().default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().trim().min(1).optional().default('./data'),
  SECRET_KEY: z
    .string()
    .min(32, 'must be at least 32 characters (256 bits of randomness)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ADMIN_USERNAME: z
    .string()
    .trim()
    .optional()
    .default('admin')
    .refine(isValidUsername, 'must be 4-16 letters, digits, underscores or hyphens'),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Whether the built-in admin role requires two-step verification (TOTP). `on` (default) and `off`
   * apply when the role is created (a fresh install); `enforce` also turns it on for an existing
   * install at each start (audited), so it cannot stay switched off.
   */
  ADMIN_MFA_DEFAULT: z
    .enum(['on', 'off', 'enforce', ''], { message: 'must be on, off or enforce' })
    .optional()
    .transform((v) => (v ? v : 'on')),
  DEMO_DATA: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** With DEMO_DATA: also the product catalogue and ~20,000 orders (default on; 0 leaves them out). */
  DEMO_COMMERCE: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** With DEMO_DATA: also the Enterprise WeChat demo (a sandbox app, members, contacts, tags; default on). */
  DEMO_WECOM: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /**
   * The WeCom sandbox corp's sign-in (a public page listing its bound members, each a click from a
   * session): only for a demo, never on by itself (an app's SANDBOX mode does not turn it on).
   */
  WECOM_DEMO_SIGNIN: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  DEMO_PASSWORD: z
    .string()
    .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(30 * 60),
  REFRESH_WINDOW_SECONDS: positiveInt(10 * 60),
  SESSION_MAX_AGE_SECONDS: positiveInt(12 * 60 * 60),
  AUDIT_RETENTION_DAYS: positiveInt(365),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .optional()
    .default('info'),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** WeCom server API of apps in LIVE mode (a local WeCom in tests). */
  WECOM_API_BASE: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Bearer token for /api/metrics (Prometheus); absent: only staff holding system.monitor. */
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  LOG_FORMAT: z
    .enum(['auto', 'json', 'pretty'], { message: 'must be auto, json or pretty' })
    .optional()
    .default('auto'),
  /** Job queue: a job whose worker stops heart-beating this long (killed server) is retried (>= 10). */
  JOB_HEARTBEAT_SECONDS: positiveInt(10).pipe(z.number().min(10, 'must be at least 10')),
  /** Job queue: how often idle workers look for jobs. */
  JOB_POLL_SECONDS: positiveInt(1),
  /**
   * PostgreSQL: how long a starting server waits for an unreachable database (retrying with
   * backoff) before it gives up and exits; 0 tries once.
   */
  DATABASE_WAIT_SECONDS: z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number of seconds')
    .transform(Number)
    .optional()
    .transform((v) => v ?? 120),
  /** Exports of more rows than this run as background jobs with progress (DOMAIN section 0). */
  EXPORT_BACKGROUND_ROWS: positiveInt(50_000),
  OPENAPI_PUBLIC: z
    .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  secretKey: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  /** ADMIN_MFA_DEFAULT: the built-in admin role's two-step requirement on a fresh install (or always). */
  adminMfaDefault: 'on' | 'off' | 'enforce';
  demoData: boolean;
  /** DEMO_DATA also seeds products and orders (DEMO_COMMERCE, default true). */
  demoCommerce: boolean;
  /** DEMO_DATA also seeds the Enterprise WeChat demo (DEMO_WECOM, default true). */
  demoWecom: boolean;
  /** WECOM_DEMO_SIGNIN: the sandbox corp's sign-in is offered (a demo only; default off). */
  wecomDemoSignIn: boolean;
  demoPassword: string | undefined;
  accessTokenTtl: number;
  refreshWindow: number;
  sessionMaxAge: number;
  auditRetentionDays: number;
  logLevel: string;
  trustProxy: boolean;
  wecomApiBase: string;
  metricsToken?: string;
  logFormat?: 'auto' | 'json' | 'pretty';
  jobHeartbeatSeconds: number;
  jobPollSeconds: number;
  exportBackgroundRows: number;
  /** DATABASE_WAIT_SECONDS: how long a start waits for an unreachable PostgreSQL. */
  databaseWaitSeconds: number;
  /** The OpenAPI document and Swagger UI without sign-in (default: signed-in staff only). */
  openapiPublic: boolean;
}

export class ConfigError extends Error {}

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.REFRESH_WINDOW_SECONDS >= e.ACCESS_TOKEN_TTL_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  REFRESH_WINDOW_SECONDS: must be shorter than ACCESS_TOKEN_TTL_SECONDS',
    );
  }
  if (e.SESSION_MAX_AGE_SECONDS < e.ACCESS_TOKEN_TTL_SECONDS) {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_MAX_AGE_SECONDS: must be at least ACCESS_TOKEN_TTL_SECONDS',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    secretKey: e.SECRET_KEY,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    adminMfaDefault: e.ADMIN_MFA_DEFAULT,
    demoData: e.DEMO_DATA,
    demoCommerce: e.DEMO_COMMERCE,
    demoWecom: e.DEMO_WECOM,
    wecomDemoSignIn: e.WECOM_DEMO_SIGNIN,
    demoPassword: e.DEMO_PASSWORD,
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshWindow: e.REFRESH_WINDOW_SECONDS,
    sessionMaxAge: e.SESSION_MAX_AGE_SECONDS,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    wecomApiBase: e.WECOM_API_BASE ?? 'https://qyapi.weixin.qq.com',
    metricsToken: e.METRICS_TOKEN,
    logFormat: e.LOG_FORMAT,
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    exportBackgroundRows: e.EXPORT_BACKGROUND_ROWS,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    openapiPublic: e.OPENAPI_PUBLIC,
  };
};
