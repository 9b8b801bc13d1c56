import { z } from 'zod';
import { DATA_SCOPES } from './access';
import { LANGUAGES, PASSWORD_MAX, PASSWORD_MIN, USERNAME_PATTERN } from './constants';
import { dateParam, listQueryOf, versionField } from './list';

export const USER_STATUSES = ['ENABLED', 'DISABLED'] as const;
export const userStatus = z.enum(USER_STATUSES);

/** Passwords: 8-128 characters, no composition rules; the server also refuses common ones and the username. */
export const passwordField = z
  .string()
  .min(PASSWORD_MIN, 'msg:passwordLength')
  .max(PASSWORD_MAX, 'msg:passwordLength');
export const usernameField = z.string().trim().regex(USERNAME_PATTERN, 'msg:usernameRule');
const optionalText = (max: number) => z.string().trim().max(max);
const mobileField = z
  .string()
  .trim()
  .regex(/^$|^1[3-9]\d{9}$/, 'msg:invalidValue')
  .max(20);
const emailField = z.union([z.literal(''), z.email('msg:invalidValue').max(128)]);

// ---- admin users ------------------------------------------------------------------------------
export const adminUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  introduction: z.string(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  roles: z.array(z.object({ id: z.number().int(), key: z.string(), name: z.string() })),
  mobile: z.string(),
  email: z.string(),
  lang: z.string().nullable(),
  status: userStatus,
  lastLoginAt: z.iso.datetime().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const ADMIN_USER_SORTS = ['id', 'username', 'nickname', 'createdAt', 'lastLoginAt'] as const;
export const adminUserListQuery = listQueryOf(ADMIN_USER_SORTS, {
  username: z.string().trim().max(16).optional(),
  nickname: z.string().trim().max(64).optional(),
  /** A department and all departments below it. */
  departmentId: z.coerce.number().int().positive().optional(),
  roleId: z.coerce.number().int().positive().optional(),
  status: userStatus.optional(),
  createdFrom: dateParam.optional(),
  createdTo: dateParam.optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuery>;

export const adminUserCreate = z
  .object({
    username: usernameField,
    nickname: optionalText(64).min(1, 'msg:required'),
    departmentId: z.number().int().positive().nullable().default(null),
    roleIds: z.array(z.number().int().positive()).max(20).default([]),
    mobile: mobileField.default(''),
    email: emailField.default(''),
    status: userStatus.default('ENABLED'),
    introduction: optionalText(500).default(''),
    /** Absent: a password is generated and shown once. */
    password: passwordField.optional(),
  })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreate>;

export const adminUserUpdate = z
  .object({
    nickname: optionalText(64).min(1, 'msg:required'),
    departmentId: z.number().int().positive().nullable(),
    roleIds: z.array(z.number().int().positive()).max(20),
    mobile: mobileField,
    email: emailField,
    status: userStatus,
    introduction: optionalText(500),
    avatarUrl: z
      .string()
      .max(512)
      .regex(/^$|^\/api\/v1\/files\/[\w-]+$/, 'msg:invalidValue'),
    version: versionField,
  })
  .strict();
export type AdminUserUpdate = z.infer<typeof adminUserUpdate>;

export const resetPasswordBody = z.object({ password: passwordField.optional() }).strict();
export const generatedPasswordResult = z.object({ password: z.string().nullable() });

export const sessionRow = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRow>;

// ---- departments ------------------------------------------------------------------------------
export const deptRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  leaderUserId: z.number().int().nullable(),
  leaderName: z.string().nullable(),
  sort: z.number().int(),
  status: userStatus,
  userCount: z.number().int(),
  version: z.number().int(),
});
export type DeptRow = z.infer<typeof deptRow>;

export const deptCreate = z
  .object({
    parentId: z.number().int().positive().nullable(),
    name: z.string().trim().min(1, 'msg:required').max(64),
    leaderUserId: z.number().int().positive().nullable().default(null),
    sort: z.number().int().min(0).max(9999).default(0),
    status: userStatus.default('ENABLED'),
  })
  .strict();
export const deptUpdate = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(64),
    leaderUserId: z.number().int().positive().nullable(),
    sort: z.number().int().min(0).max(9999),
    status: userStatus,
    version: versionField,
  })
  .strict();
export const deptMove = z
  .object({ parentId: z.number().int().positive().nullable(), version: versionField })
  .strict();

// ---- roles ------------------------------------------------------------------------------------
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9_-]{1,31}$/;
export const roleRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  builtin: z.boolean(),
  permissions: z.array(z.string()),
  /** Members sign in with a TOTP second step. */
  requireMfa: z.boolean(),
  status: userStatus,
  sort: z.number().int(),
  userCount: z.number().int(),
  version: z.number().int(),
});
export type RoleRow = z.infer<typeof roleRow>;
const roleFields = {
  key: z.string().trim().regex(ROLE_KEY_PATTERN, 'msg:invalidValue'),
  name: z.string().trim().min(1, 'msg:required').max(64),
  description: z.string().trim().max(500),
  dataScope: z.enum(DATA_SCOPES),
  permissions: z.array(z.string().max(64)).max(500),
  status: userStatus,
  sort: z.number().int().min(0).max(9999),
};
export const roleCreate = z
  .object({
    ...roleFields,
    description: roleFields.description.default(''),
    status: roleFields.status.default('ENABLED'),
    sort: roleFields.sort.default(0),
    requireMfa: z.boolean().default(false),
  })
  .strict();
/** `requireMfa` absent: unchanged. */
export const roleUpdate = z
  .object({ ...roleFields, requireMfa: z.boolean().optional(), version: versionField })
  .strict();

// ---- audit log ----------------------------------------------------------------------------------
export const auditRow = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actorId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  /** The stored sentence (English; rows written before structured summaries have only this). */
  summary: z.string(),
  /** The summary's structured values: the console renders action + params in the viewer's language. */
  params: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const AUDIT_SORTS = ['at', 'id'] as const;
export const auditListQuery = listQueryOf(AUDIT_SORTS, {
  actorId: z.coerce.number().int().positive().optional(),
  action: z.string().trim().max(64).optional(),
  targetType: z.string().trim().max(32).optional(),
  targetId: z.string().trim().max(64).optional(),
  from: dateParam.optional(),
  to: dateParam.optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

// ---- profile ----------------------------------------------------------------------------------
export const profile = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  avatarUrl: z.string(),
  introduction: z.string(),
  lang: z.enum(LANGUAGES).nullable(),
  departmentName: z.string().nullable(),
  roles: z.array(z.object({ key: z.string(), name: z.string() })),
  version: z.number().int(),
});
export type Profile = z.infer<typeof profile>;
export const profileUpdate = z
  .object({
    nickname: z.string().trim().min(1, 'msg:required').max(64),
    introduction: z.string().trim().max(500),
    lang: z.enum(LANGUAGES).nullable(),
  })
  .strict();
export const profileLanguage = z.object({ lang: z.enum(LANGUAGES) }).strict();
export const changePasswordBody = z
  .object({ currentPassword: z.string().min(1, 'msg:required').max(1024), newPassword: passwordField })
  .strict();

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
