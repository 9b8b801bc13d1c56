import type { JobInfo } from '@educrm/contract/jobs';
import type {
  AdminUserRow,
  AdminUserUpdate,
  AuditRow,
  adminUserCreate,
  DeptRow,
  deptCreate,
  deptMove,
  deptUpdate,
  RoleRow,
  roleCreate,
  roleUpdate,
  SessionRow,
} from '@educrm/contract/system';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/**
 * System management calls (admin only), typed by the contract. Writes are `silent`: the forms and
 * confirm dialogs show their own errors (field errors beside the fields, 409 with a reload action).
 */
const USERS = '/v1/system/admin-users';
const DEPTS = '/v1/system/departments';
const ROLES = '/v1/system/roles';
const AUDIT = '/v1/system/audit-log';

/**
 * Writes that hash a password (scrypt, deliberately slow; several at once queue on the server) get
 * more than the default 5 s, so that a busy server does not make a finished write look failed.
 */
export const PASSWORD_WRITE_TIMEOUT_MS = 20_000;

export const systemKeys = {
  users: ['system', 'admin-users'] as const,
  userSessions: (id: number) => ['system', 'admin-users', id, 'sessions'] as const,
  depts: ['system', 'departments'] as const,
  roles: ['system', 'roles'] as const,
  audit: ['system', 'audit-log'] as const,
  auditActions: ['system', 'audit-log', 'actions'] as const,
  locks: ['system', 'login-locks'] as const,
};

// ---- admin users --------------------------------------------------------------------------------
export const listAdminUsers = (params: ListParams) =>
  request<ListResult<AdminUserRow>>({ url: USERS, method: 'get', params });

export const getAdminUser = (id: number) =>
  request<AdminUserRow>({ url: `${USERS}/${id}`, method: 'get', silent: true });

export const createAdminUser = (body: z.input<typeof adminUserCreate>) =>
  request<{ user: AdminUserRow; password: string | null }>({
    url: USERS,
    method: 'post',
    data: body,
    silent: true,
  });

export const updateAdminUser = (id: number, body: AdminUserUpdate) =>
  request<AdminUserRow>({ url: `${USERS}/${id}`, method: 'put', data: body, silent: true });

export const setAdminUserStatus = (id: number, enabled: boolean) =>
  request<AdminUserRow>({
    url: `${USERS}/${id}/${enabled ? 'enable' : 'disable'}`,
    method: 'post',
    silent: true,
  });

export const deleteAdminUser = (id: number) =>
  request<null>({ url: `${USERS}/${id}`, method: 'delete', silent: true });

export const resetAdminUserPassword = (id: number, password?: string) =>
  request<{ password: string | null }>({
    url: `${USERS}/${id}/reset-password`,
    method: 'post',
    data: password ? { password } : {},
    silent: true,
    timeout: PASSWORD_WRITE_TIMEOUT_MS,
  });

export const listAdminUserSessions = (id: number) =>
  request<{ items: SessionRow[] }>({ url: `${USERS}/${id}/sessions`, method: 'get' });

export const endAdminUserSession = (id: number, sid: string) =>
  request<null>({ url: `${USERS}/${id}/sessions/${sid}`, method: 'delete', silent: true });

export const ADMIN_USERS_EXPORT_URL = `${USERS}/export`;

// ---- login locks --------------------------------------------------------------------------------
export interface LoginLock {
  scope: 'username' | 'pair';
  username: string;
  ip: string | null;
  failures: number;
  lockedUntil: string;
}

export const listLoginLocks = () =>
  request<{ items: LoginLock[] }>({ url: '/v1/system/login-locks', method: 'get' });

export const clearLoginLock = (username: string) =>
  request<{ cleared: number }>({
    url: `/v1/system/login-locks/${encodeURIComponent(username)}`,
    method: 'delete',
    silent: true,
  });

// ---- departments --------------------------------------------------------------------------------
export const listDepartments = () => request<{ items: DeptRow[] }>({ url: DEPTS, method: 'get' });

export const createDepartment = (body: z.input<typeof deptCreate>) =>
  request<{ id: number }>({ url: DEPTS, method: 'post', data: body, silent: true });

export const updateDepartment = (id: number, body: z.input<typeof deptUpdate>) =>
  request<null>({ url: `${DEPTS}/${id}`, method: 'put', data: body, silent: true });

export const moveDepartment = (id: number, body: z.input<typeof deptMove>) =>
  request<null>({ url: `${DEPTS}/${id}/move`, method: 'post', data: body, silent: true });

export const deleteDepartment = (id: number) =>
  request<null>({ url: `${DEPTS}/${id}`, method: 'delete', silent: true });

// ---- roles --------------------------------------------------------------------------------------
export const listRoles = () => request<{ items: RoleRow[] }>({ url: ROLES, method: 'get' });

export const createRole = (body: z.input<typeof roleCreate>) =>
  request<{ id: number }>({ url: ROLES, method: 'post', data: body, silent: true });

export const updateRole = (id: number, body: z.input<typeof roleUpdate>) =>
  request<null>({ url: `${ROLES}/${id}`, method: 'put', data: body, silent: true });

export const deleteRole = (id: number) =>
  request<null>({ url: `${ROLES}/${id}`, method: 'delete', silent: true });

// ---- audit log ----------------------------------------------------------------------------------
export const listAuditLog = (params: ListParams) =>
  request<ListResult<AuditRow>>({ url: AUDIT, method: 'get', params });

export const listAuditActions = () =>
  request<{ items: string[] }>({ url: `${AUDIT}/actions`, method: 'get' });

export const AUDIT_EXPORT_URL = `${AUDIT}/export`;

// ---- jobs (System > Jobs) -----------------------------------------------------------------------
const JOBS = '/v1/system/jobs';
export const jobKeys = { all: ['system', 'jobs'] as const };

export const listJobs = () => request<{ items: JobInfo[] }>({ url: JOBS, method: 'get' });

export const runJobNow = (name: string) =>
  request<{ jobId: string }>({ url: `${JOBS}/${encodeURIComponent(name)}/run`, method: 'post' });

export const pauseJob = (name: string, paused: boolean) =>
  request<{ name: string; paused: boolean }>({
    url: `${JOBS}/${encodeURIComponent(name)}/pause`,
    method: 'put',
    data: { paused },
  });
