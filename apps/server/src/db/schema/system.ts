import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, ref, timestamps, tstz, version } from './columns';

export const department = pgTable(
  'department',
  {
    id: id(),
    parentId: ref('parent_id'),
    /** Ids of every ancestor, root first: "children of D" is `D = ANY(ancestors)`. */
    ancestors: ref('ancestors').array().notNull().default(sql`'{}'::bigint[]`),
    name: varchar('name', { length: 64 }).notNull(),
    leaderUserId: ref('leader_user_id'),
    sort: integer('sort').notNull().default(0),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('department_parent_idx').on(t.parentId, t.sort),
    index('department_ancestors_idx').using('gin', t.ancestors),
    check('department_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

export const adminUser = pgTable(
  'admin_user',
  {
    id: id(),
    username: varchar('username', { length: 16 }).notNull(),
    nickname: varchar('nickname', { length: 64 }).notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    avatarUrl: varchar('avatar_url', { length: 512 }).notNull().default(''),
    introduction: varchar('introduction', { length: 500 }).notNull().default(''),
    departmentId: ref('department_id').references(() => department.id),
    mobile: varchar('mobile', { length: 20 }),
    email: varchar('email', { length: 128 }),
    lang: varchar('lang', { length: 8 }),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    /** Bumped when every session of the user must end (disable, password change). */
    tokenVersion: integer('token_version').notNull().default(1),
    lastLoginAt: tstz('last_login_at'),
    lastLoginIp: varchar('last_login_ip', { length: 64 }),
    /** TOTP second factor: the secret sealed with SecretBox; NULL = not enrolled. */
    mfaSecret: text('mfa_secret'),
    /** A secret shown on the profile page, waiting for its first code. */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaEnabledAt: tstz('mfa_enabled_at'),
    /** The last accepted time step: a code is good once. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }).notNull().default(0),
    /** SHA-256 of the unused one-time recovery codes. */
    mfaRecovery: text('mfa_recovery').array().notNull().default(sql`'{}'::text[]`),
    deleted: boolean('deleted').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('admin_user_username_uq').on(t.username),
    index('admin_user_department_idx').on(t.departmentId),
    check('admin_user_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

export const role = pgTable(
  'role',
  {
    id: id(),
    key: varchar('key', { length: 32 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    dataScope: varchar('data_scope', { length: 24 }).notNull().default('SELF'),
    builtin: boolean('builtin').notNull().default(false),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    /** Members sign in with a TOTP second step (enrolling at their next sign-in if they have none). */
    requireMfa: boolean('require_mfa').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('ENABLED'),
    sort: integer('sort').notNull().default(0),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('role_key_uq').on(t.key),
    check('role_data_scope_chk', sql`${t.dataScope} IN ('ALL','DEPT_AND_CHILDREN','DEPT','SELF')`),
    check('role_status_chk', sql`${t.status} IN ('ENABLED','DISABLED')`),
  ],
);

export const adminUserRole = pgTable(
  'admin_user_role',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    roleId: ref('role_id')
      .notNull()
      .references(() => role.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('admin_user_role_role_idx').on(t.roleId)],
);

/**
 * A sign-in. The access token names the session (sid) and its current token id (jti); refresh
 * rotates the jti, keeping the previous one valid for a short grace so tabs and requests in flight
 * finish. Logout, disable and password change revoke here, so a token dies at once everywhere.
 */
export const session = pgTable(
  'session',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => adminUser.id, { onDelete: 'cascade' }),
    tokenVersion: integer('token_version').notNull(),
    currentJti: varchar('current_jti', { length: 36 }).notNull(),
    currentIat: integer('current_iat').notNull(),
    currentExp: integer('current_exp').notNull(),
    prevJti: varchar('prev_jti', { length: 36 }),
    prevValidUntil: tstz('prev_valid_until'),
    authTime: tstz('auth_time').notNull(),
    absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
    lastSeenAt: tstz('last_seen_at').notNull(),
    revokedAt: tstz('revoked_at'),
    revokedReason: varchar('revoked_reason', { length: 32 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 256 }),
  },
  (t) => [index('session_user_idx').on(t.userId, t.revokedAt)],
);

/**
 * Append-only: a trigger refuses UPDATE and DELETE; the retention job is the one deletion path
 * (see the migration that creates the trigger).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: tstz('at').notNull().defaultNow(),
    actorId: ref('actor_id'),
    actorName: varchar('actor_name', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    targetType: varchar('target_type', { length: 32 }),
    targetId: varchar('target_id', { length: 64 }),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    detail: jsonb('detail'),
    /** Structured values of the summary (see lib/audit.ts): the console renders them in the viewer's language. */
    params: jsonb('params'),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

/** Login failure counters: per (username, ip) pair and per username across all addresses. */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStart: tstz('window_start').notNull(),
    lockedUntil: tstz('locked_until'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('login_throttle_locked_idx').on(t.lockedUntil)],
);

/** One row per run of a scheduled job, with its counts. */
export const jobRun = pgTable(
  'job_run',
  {
    id: id(),
    job: varchar('job', { length: 64 }).notNull(),
    startedAt: tstz('started_at').notNull().defaultNow(),
    finishedAt: tstz('finished_at'),
    status: varchar('status', { length: 16 }).notNull().default('RUNNING'),
    counts: jsonb('counts'),
    error: text('error'),
    /** SCHEDULE (cron tick), MANUAL (run now) or QUEUED (sent by a module). */
    trigger: varchar('trigger', { length: 16 }).notNull().default('SCHEDULE'),
    /** The queue's job id and attempt: a retried job gets one row per attempt. */
    queueJobId: varchar('queue_job_id', { length: 40 }),
    attempt: integer('attempt').notNull().default(0),
    /** A scheduled run's cron tick (first attempt only): one run per tick across servers. */
    tickAt: tstz('tick_at'),
  },
  (t) => [
    index('job_run_job_idx').on(t.job, t.startedAt),
    uniqueIndex('job_run_tick_uq').on(t.job, t.tickAt).where(sql`tick_at IS NOT NULL`),
  ],
);
