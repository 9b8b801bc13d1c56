import type {
  assignBody,
  bulkLevelBody,
  bulkReleaseBody,
  bulkStageBody,
  bulkTagBody,
  bulkTransferBody,
  ClientListRow,
  ClientRow,
  ClientTagRow,
  clientCreate,
  clientTagCreate,
  clientTagUpdate,
  clientUpdate,
  DuplicateResult,
  FollowUpRow,
  followUpCreate,
  followUpUpdate,
  ImportJob,
  importQuery,
  OwnerLogRow,
  StaffOption,
  TimelineItem,
  transferBody,
} from '@educrm/contract/clients';
import type { DictOptions } from '@educrm/contract/dictionaries';
import type { BulkResult } from '@educrm/contract/list';
import type { z } from 'zod';
import { http, request } from './http';
import type { ListParams, ListResult } from './list';
import { type LookupContext, lookupHeaders } from './lookups';

/**
 * Client management calls (DOMAIN 3), typed by the contract: clients, follow-ups, tags, staff
 * options, the duplicate look-up and import (the pool list, quota and settings are in api/pool.ts,
 * the in-app reminders in api/notifications.ts). Writes are `silent`: forms and
 * confirm dialogs show the server's refusal themselves.
 */
const CLIENTS = '/v1/clients';
const FOLLOW_UPS = '/v1/follow-ups';
const TAGS = '/v1/client-tags';

/** Imports upload a file of up to 20 MB and the server reads it before answering. */
export const IMPORT_TIMEOUT_MS = 120_000;

/**
 * React Query keys. Every client write invalidates `clientKeys.all` (lists, details, timelines)
 * and `followUpKeys.all`; options (tags, staff, dictionaries) live under their own roots.
 */
export const clientKeys = {
  all: ['client'] as const,
  list: ['client', 'list'] as const,
  mine: ['client', 'mine'] as const,
  detail: (id: number) => ['client', 'detail', id] as const,
  timeline: (id: number) => ['client', 'detail', id, 'timeline'] as const,
  auditTrail: (id: number) => ['client', 'detail', id, 'audit'] as const,
  ownerLogs: (id: number) => ['client', 'detail', id, 'owner-logs'] as const,
  importJob: (id: string) => ['client-import', id] as const,
};
export const followUpKeys = {
  all: ['followup'] as const,
  list: ['followup', 'list'] as const,
  ofClient: (clientId: number) => ['followup', 'client', clientId] as const,
};
export const optionKeys = {
  tags: ['client-options', 'tags'] as const,
  staff: (keyword: string) => ['client-options', 'staff', keyword] as const,
  dict: ['client-options', 'dict'] as const,
};

// ---- lists --------------------------------------------------------------------------------------
export const listClients = (params: ListParams) =>
  request<ListResult<ClientListRow>>({ url: CLIENTS, method: 'get', params });
export const listMyClients = (params: ListParams) =>
  request<ListResult<ClientListRow>>({ url: `${CLIENTS}/mine`, method: 'get', params });
export const CLIENTS_EXPORT_URL = `${CLIENTS}/export`;

// ---- one client ---------------------------------------------------------------------------------
export const getClient = (id: number) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}`, method: 'get', silent: true });

export const createClient = (body: z.input<typeof clientCreate>) =>
  request<ClientRow>({ url: CLIENTS, method: 'post', data: body, silent: true });

export const updateClient = (id: number, body: z.input<typeof clientUpdate>) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}`, method: 'put', data: body, silent: true });

export const deleteClient = (id: number) =>
  request<null>({ url: `${CLIENTS}/${id}`, method: 'delete', silent: true });

export const restoreClient = (id: number) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}/restore`, method: 'post', silent: true });

/** The full mobile (permission-checked and logged by the server). */
export const revealClientPhone = (id: number) =>
  request<{ mobile: string | null }>({ url: `${CLIENTS}/${id}/reveal-phone`, method: 'post', silent: true });

export const changeClientTags = (id: number, body: { add?: number[]; remove?: number[] }) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}/tags`, method: 'post', data: body, silent: true });

export const getClientTimeline = (
  id: number,
  params: { limit?: number; before?: string; view?: 'all' | 'audit' } = {},
) => request<{ items: TimelineItem[] }>({ url: `${CLIENTS}/${id}/timeline`, method: 'get', params });

export const getClientOwnerLogs = (id: number) =>
  request<{ items: OwnerLogRow[] }>({ url: `${CLIENTS}/${id}/owner-logs`, method: 'get' });

// ---- ownership (answer the client as the caller now sees it, or null when it left their scope) ---
export const claimClient = (id: number) =>
  request<ClientRow | null>({ url: `${CLIENTS}/${id}/claim`, method: 'post', silent: true });

export const assignClient = (id: number, body: z.input<typeof assignBody>) =>
  request<ClientRow | null>({ url: `${CLIENTS}/${id}/assign`, method: 'post', data: body, silent: true });

export const transferClient = (id: number, body: z.input<typeof transferBody>) =>
  request<ClientRow | null>({ url: `${CLIENTS}/${id}/transfer`, method: 'post', data: body, silent: true });

export const releaseClient = (id: number, reason: string) =>
  request<ClientRow | null>({
    url: `${CLIENTS}/${id}/release`,
    method: 'post',
    data: { reason },
    silent: true,
  });

export const setClientLock = (id: number, locked: boolean) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}/${locked ? 'lock' : 'unlock'}`, method: 'post', silent: true });

// ---- bulk actions (<= 500 ids, answered per id) ----------------------------------------------------
const bulk =
  <B>(verb: string) =>
  (body: B) =>
    request<BulkResult>({ url: `${CLIENTS}/bulk/${verb}`, method: 'post', data: body, silent: true });
export const bulkTransferClients = bulk<z.input<typeof bulkTransferBody>>('transfer');
export const bulkReleaseClients = bulk<z.input<typeof bulkReleaseBody>>('release');
export const bulkTagClients = bulk<z.input<typeof bulkTagBody>>('tag');
export const bulkSetClientLevel = bulk<z.input<typeof bulkLevelBody>>('level');
export const bulkSetClientStage = bulk<z.input<typeof bulkStageBody>>('stage');
export const bulkDeleteClients = bulk<{ ids: number[] }>('delete');

// ---- tools --------------------------------------------------------------------------------------
/** 查重: exists / owner name / in the pool / deleted, never more about someone else's client. */
export const checkClientMobile = (mobile: string) =>
  request<DuplicateResult>({
    url: `${CLIENTS}/check-mobile`,
    method: 'get',
    params: { mobile },
    silent: true,
  });

export const listStaffOptions = (keyword?: string, ctx?: LookupContext) =>
  request<{ items: StaffOption[] }>({
    url: `${CLIENTS}/staff-options`,
    method: 'get',
    headers: lookupHeaders(ctx),
    params: keyword ? { keyword } : {},
  });

/** Grades, source platforms and channels for client forms and filters. */
export const getDictOptions = (ctx?: LookupContext) =>
  request<DictOptions>({ url: '/v1/dict/options', method: 'get', headers: lookupHeaders(ctx) });

// ---- tags ---------------------------------------------------------------------------------------
export const listClientTags = (ctx?: LookupContext) =>
  request<{ items: ClientTagRow[] }>({ url: TAGS, method: 'get', headers: lookupHeaders(ctx) });
export const createClientTag = (body: z.input<typeof clientTagCreate>) =>
  request<ClientTagRow>({ url: TAGS, method: 'post', data: body, silent: true });
export const updateClientTag = (id: number, body: z.input<typeof clientTagUpdate>) =>
  request<ClientTagRow>({ url: `${TAGS}/${id}`, method: 'put', data: body, silent: true });
export const deleteClientTag = (id: number) =>
  request<null>({ url: `${TAGS}/${id}`, method: 'delete', silent: true });

// ---- import -------------------------------------------------------------------------------------
export type ImportTarget = z.input<typeof importQuery>;

/** The import template (xlsx, headers in the UI language) as a file. */
export const downloadImportTemplate = async () => {
  const response = await http.get<Blob>(`${CLIENTS}/import/template`, {
    responseType: 'blob',
    timeout: IMPORT_TIMEOUT_MS,
  });
  return response.data;
};

/** Uploads an xlsx/csv and starts the import (202 with the job to poll). */
export const startClientImport = (
  file: File,
  target: ImportTarget,
  onProgress?: (percent: number) => void,
) => {
  const form = new FormData();
  form.append('file', file);
  return request<ImportJob>({
    url: `${CLIENTS}/import`,
    method: 'post',
    params: target,
    data: form,
    timeout: IMPORT_TIMEOUT_MS,
    silent: true,
    onUploadProgress: (e) => {
      if (e.total && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
};

export const getClientImport = (id: string) =>
  request<ImportJob>({ url: `${CLIENTS}/import/${id}`, method: 'get', silent: true });

// ---- follow-ups ---------------------------------------------------------------------------------
export const listFollowUps = (params: ListParams) =>
  request<ListResult<FollowUpRow>>({ url: FOLLOW_UPS, method: 'get', params });
export const FOLLOW_UPS_EXPORT_URL = `${FOLLOW_UPS}/export`;

export const getFollowUp = (id: number) =>
  request<FollowUpRow>({ url: `${FOLLOW_UPS}/${id}`, method: 'get', silent: true });

export const createFollowUp = (body: z.input<typeof followUpCreate>) =>
  request<FollowUpRow>({ url: FOLLOW_UPS, method: 'post', data: body, silent: true });

export const updateFollowUp = (id: number, body: z.input<typeof followUpUpdate>) =>
  request<FollowUpRow>({ url: `${FOLLOW_UPS}/${id}`, method: 'put', data: body, silent: true });

export const deleteFollowUp = (id: number) =>
  request<null>({ url: `${FOLLOW_UPS}/${id}`, method: 'delete', silent: true });
