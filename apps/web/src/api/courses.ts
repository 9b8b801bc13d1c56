import type {
  ClassRow,
  ClassStudentRow,
  CourseStaffOption,
  CourseUserRow,
  classInput,
  ImportResult,
  LiveAttendanceRow,
  LiveSessionRow,
  liveInput,
  MemberDetail,
  MemberRow,
} from '@educrm/contract/courses';
import type { BulkResult } from '@educrm/contract/list';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/** Course management and members (DOMAIN 6, 8). Writes are `silent`: dialogs show the reason. */
const C = '/v1/course';

export const courseKeys = {
  all: ['course'] as const,
  classes: ['course', 'classes'] as const,
  classOptions: ['course', 'class-options'] as const,
  staffOptions: ['course', 'staff-options'] as const,
  students: ['course', 'students'] as const,
  users: ['course', 'users'] as const,
  live: ['course', 'live'] as const,
  members: ['member', 'members'] as const,
  member: (id: number) => ['member', 'members', 'detail', id] as const,
};

export const CLASSES_EXPORT_URL = `${C}/classes/export`;
export const STUDENTS_EXPORT_URL = `${C}/students/export`;
export const COURSE_USERS_EXPORT_URL = `${C}/users/export`;
export const MEMBERS_EXPORT_URL = '/v1/members/export';
export const LIVE_ATTENDANCE_EXPORT_URL = `${C}/live-attendance/export`;

const post = <T>(url: string, data: unknown = {}) => request<T>({ url, method: 'post', data, silent: true });

// ---- classes ----------------------------------------------------------------------------------------
export const listClasses = (params: ListParams) =>
  request<ListResult<ClassRow>>({ url: `${C}/classes`, method: 'get', params });
export const classOptions = (keyword?: string, spuId?: number, ids: readonly number[] = []) =>
  request<{ items: { id: number; name: string; code: string; spuId: number | null; status: string }[] }>({
    url: `${C}/classes/options`,
    method: 'get',
    params: { keyword: keyword || undefined, spuId, ids: ids.length ? ids.join(',') : undefined },
  });
export const createClass = (body: z.input<typeof classInput>) => post<ClassRow>(`${C}/classes`, body);
export const updateClass = (id: number, body: z.input<typeof classInput> & { version: number }) =>
  request<ClassRow>({ url: `${C}/classes/${id}`, method: 'put', data: body, silent: true });
export const setClassStatus = (id: number, status: string, version: number) =>
  post<ClassRow>(`${C}/classes/${id}/status`, { status, version });
export const bulkClassStatus = (ids: number[], status: string) =>
  post<BulkResult>(`${C}/classes/bulk-status`, { ids, status });
export const copyClass = (id: number, code: string) => post<ClassRow>(`${C}/classes/${id}/copy`, { code });

// ---- students ---------------------------------------------------------------------------------------
export const listStudents = (params: ListParams) =>
  request<ListResult<ClassStudentRow>>({ url: `${C}/students`, method: 'get', params });
export const addStudent = (classId: number, mobile: string) =>
  post<ClassStudentRow>(`${C}/students`, { classId, mobile });
export const importStudents = (classId: number, mobiles: string[]) =>
  post<ImportResult>(`${C}/students/import`, { classId, mobiles });
export const transferStudent = (id: number, toClassId: number) =>
  post<ClassStudentRow>(`${C}/students/${id}/transfer`, { toClassId });
export const bulkTransfer = (ids: number[], toClassId: number) =>
  post<BulkResult>(`${C}/students/bulk-transfer`, { ids, toClassId });
export const removeStudent = (id: number) => post<null>(`${C}/students/${id}/remove`, {});
export const extendStudent = (id: number, until: string | null, version: number) =>
  post<ClassStudentRow>(`${C}/students/${id}/extend`, { until, version });

// ---- course users -----------------------------------------------------------------------------------
export const listCourseUsers = (params: ListParams) =>
  request<ListResult<CourseUserRow>>({ url: `${C}/users`, method: 'get', params });
export const grantCourse = (body: {
  mobile: string;
  spuId: number;
  expiresAt: string | null;
  reason: string;
}) => post<CourseUserRow>(`${C}/users`, body);
export const extendCourseUser = (id: number, until: string | null, version: number) =>
  post<CourseUserRow>(`${C}/users/${id}/extend`, { until, version });
export const revokeCourseUser = (id: number, reason: string, version: number) =>
  post<CourseUserRow>(`${C}/users/${id}/revoke`, { reason, version });

/** Enabled console users (teacher pickers, owner filters); `ids` are always answered. */
export const courseStaffOptions = (keyword?: string, ids: readonly number[] = []) =>
  request<{ items: CourseStaffOption[] }>({
    url: `${C}/staff-options`,
    method: 'get',
    params: { keyword: keyword || undefined, ids: ids.length ? ids.join(',') : undefined },
  });

// ---- live -------------------------------------------------------------------------------------------
export const listLive = (params: ListParams) =>
  request<ListResult<LiveSessionRow>>({ url: `${C}/live-sessions`, method: 'get', params });
export const createLive = (body: z.input<typeof liveInput>) =>
  post<LiveSessionRow>(`${C}/live-sessions`, body);
export const updateLive = (id: number, body: z.input<typeof liveInput> & { version: number }) =>
  request<LiveSessionRow>({ url: `${C}/live-sessions/${id}`, method: 'put', data: body, silent: true });
export const cancelLive = (id: number) => post<LiveSessionRow>(`${C}/live-sessions/${id}/cancel`);
export const teacherLink = (id: number) => post<{ url: string }>(`${C}/live-sessions/${id}/teacher-link`);
export const liveAttendance = (id: number) =>
  request<{ items: LiveAttendanceRow[] }>({ url: `${C}/live-sessions/${id}/attendance`, method: 'get' });

// ---- members ----------------------------------------------------------------------------------------
export const listMembers = (params: ListParams) =>
  request<ListResult<MemberRow>>({ url: '/v1/members', method: 'get', params });
export const getMember = (id: number) => request<MemberDetail>({ url: `/v1/members/${id}`, method: 'get' });
export const setMemberStatus = (id: number, status: string, version: number) =>
  post<MemberRow>(`/v1/members/${id}/status`, { status, version });
export const createMember = (body: {
  mobile: string;
  nickname: string;
  gradeId: number | null;
  remark: string;
}) => post<MemberRow>('/v1/members', body);
export const importMembers = (rows: { mobile: string; nickname: string }[]) =>
  post<ImportResult>('/v1/members/import', { rows });
export const linkMemberClient = (id: number, clientId: number | null, version: number) =>
  post<MemberRow>(`/v1/members/${id}/link-client`, { clientId, version });
export const revealMemberPhone = (id: number) => post<{ mobile: string }>(`/v1/members/${id}/reveal-phone`);
