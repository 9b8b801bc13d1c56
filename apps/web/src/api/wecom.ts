import type { BulkResult } from '@educrm/contract/list';
import type {
  WecomAppRow,
  WecomContactRow,
  WecomDepartmentRow,
  WecomMemberRow,
  WecomRemarkBody,
  WecomSyncRequested,
  WecomSyncRunRow,
  WecomTagGroupRow,
  WecomTestResult,
  wecomAppCreate,
  wecomAppRotate,
  wecomAppUpdate,
  wecomTagCreate,
} from '@educrm/contract/wecom';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/**
 * Enterprise WeChat (DOMAIN 9): apps and their sync runs, members, external contacts and tags.
 * Writes are `silent`: forms and confirm dialogs show the refusal.
 */
export const wecomKeys = {
  all: ['wecom'] as const,
  apps: ['wecom', 'apps'] as const,
  runs: (appId: number) => ['wecom', 'apps', appId, 'runs'] as const,
  members: ['wecom', 'members'] as const,
  departments: ['wecom', 'departments'] as const,
  contacts: ['wecom', 'contacts'] as const,
  tags: ['wecom', 'tags'] as const,
};

const W = '/v1/wecom';
const A = `${W}/apps`;

// ---- apps ---------------------------------------------------------------------------------------
export const listApps = (params: ListParams) =>
  request<ListResult<WecomAppRow>>({ url: A, method: 'get', params });
export const getApp = (id: number) =>
  request<WecomAppRow>({ url: `${A}/${id}`, method: 'get', silent: true });
export const createApp = (body: z.input<typeof wecomAppCreate>) =>
  request<WecomAppRow>({ url: A, method: 'post', data: body, silent: true });
export const updateApp = (id: number, body: z.input<typeof wecomAppUpdate>) =>
  request<WecomAppRow>({ url: `${A}/${id}`, method: 'put', data: body, silent: true });
export const deleteApp = (id: number, version: number) =>
  request<null>({ url: `${A}/${id}`, method: 'delete', data: { version }, silent: true });
export const setAppEnabled = (id: number, enabled: boolean, version: number) =>
  request<WecomAppRow>({
    url: `${A}/${id}/${enabled ? 'enable' : 'disable'}`,
    method: 'post',
    data: { version },
    silent: true,
  });
export const rotateApp = (id: number, body: z.input<typeof wecomAppRotate>) =>
  request<WecomAppRow>({ url: `${A}/${id}/rotate`, method: 'post', data: body, silent: true });
export const testApp = (id: number) =>
  request<WecomTestResult>({ url: `${A}/${id}/test`, method: 'post', silent: true });
/** 立即同步: the run queued, or the corp's running one it joined (`joined`). */
export const syncApp = (id: number) =>
  request<WecomSyncRequested>({ url: `${A}/${id}/sync`, method: 'post', silent: true });
export const listRuns = (id: number, pageSize = 10) =>
  request<ListResult<WecomSyncRunRow>>({
    url: `${A}/${id}/sync-runs`,
    method: 'get',
    params: { pageSize, sort: '-id' },
  });

// ---- members ------------------------------------------------------------------------------------
export const listMembers = (params: ListParams) =>
  request<ListResult<WecomMemberRow>>({ url: `${W}/members`, method: 'get', params });
export const listDepartments = () =>
  request<{ items: WecomDepartmentRow[] }>({ url: `${W}/departments`, method: 'get' }).then((r) => r.items);
export const bindMember = (id: number, sysUserId: number | null) =>
  request<null>({ url: `${W}/members/${id}/bind`, method: 'put', data: { sysUserId }, silent: true });

// ---- external contacts --------------------------------------------------------------------------
export const listContacts = (params: ListParams) =>
  request<ListResult<WecomContactRow>>({ url: `${W}/contacts`, method: 'get', params });
export const markContacts = (ids: number[], addTagIds: string[], removeTagIds: string[]) =>
  request<BulkResult>({
    url: `${W}/contacts/mark`,
    method: 'post',
    data: { ids, addTagIds, removeTagIds },
    silent: true,
  });
export const remarkContact = (id: number, body: WecomRemarkBody) =>
  request<null>({ url: `${W}/contacts/${id}/remark`, method: 'put', data: body, silent: true });
export const linkContact = (id: number, clientId: number | null) =>
  request<null>({ url: `${W}/contacts/${id}/link`, method: 'post', data: { clientId }, silent: true });
export const transferContacts = (ids: number[], takeoverUserid: string) =>
  request<BulkResult>({
    url: `${W}/contacts/transfer`,
    method: 'post',
    data: { ids, takeoverUserid },
    silent: true,
  });

// ---- tags ---------------------------------------------------------------------------------------
export const listTags = () =>
  request<{ items: WecomTagGroupRow[] }>({ url: `${W}/tags`, method: 'get' }).then((r) => r.items);
export const createTags = (body: z.input<typeof wecomTagCreate>) =>
  request<{ tagIds: string[] }>({ url: `${W}/tags`, method: 'post', data: body, silent: true });
export const renameTag = (kind: 'tag' | 'group', id: number, name: string) =>
  request<null>({ url: `${W}/tags/${kind}/${id}`, method: 'put', data: { name }, silent: true });
export const deleteTag = (kind: 'tag' | 'group', id: number) =>
  request<null>({ url: `${W}/tags/${kind}/${id}`, method: 'delete', silent: true });
