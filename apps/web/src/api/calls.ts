import type {
  CallRow,
  NumberRow,
  numberCreate,
  numberUpdate,
  OutboundSettings,
  ProviderConfigRow,
  RenderedScript,
  ScriptRow,
  SignRow,
  SmsLogRow,
  scriptCreate,
  scriptUpdate,
  signCreate,
  TemplateRow,
  templateCreate,
  templateUpdate,
} from '@educrm/contract/calls';
import type { BulkResult } from '@educrm/contract/list';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/**
 * Outbound calls and SMS (DOMAIN 7): numbers, calls, scripts, SMS signatures, templates and logs,
 * provider settings. Writes are `silent`: forms and confirm dialogs show the refusal.
 */
export const callKeys = {
  numbers: ['call', 'numbers'] as const,
  calls: ['call', 'calls'] as const,
  callsOfClient: (id: number) => ['call', 'calls', 'client', id] as const,
  scripts: ['call', 'scripts'] as const,
  templates: ['call', 'templates'] as const,
  signs: ['call', 'signs'] as const,
  logs: ['call', 'sms-logs'] as const,
  logsOfClient: (id: number) => ['call', 'sms-logs', 'client', id] as const,
  settings: ['call', 'settings'] as const,
  provider: (kind: string) => ['call', 'provider', kind] as const,
};

// ---- numbers ------------------------------------------------------------------------------------
const N = '/v1/call/numbers';
export const listNumbers = (params: ListParams) =>
  request<ListResult<NumberRow>>({ url: N, method: 'get', params });
export const getNumber = (id: number) =>
  request<NumberRow>({ url: `${N}/${id}`, method: 'get', silent: true });
export const createNumber = (body: z.input<typeof numberCreate>) =>
  request<NumberRow>({ url: N, method: 'post', data: body, silent: true });
export const updateNumber = (id: number, body: z.input<typeof numberUpdate>) =>
  request<NumberRow>({ url: `${N}/${id}`, method: 'put', data: body, silent: true });
export const setNumberStatus = (id: number, status: string, version: number) =>
  request<NumberRow>({ url: `${N}/${id}/status`, method: 'post', data: { status, version }, silent: true });
export const bulkNumberStatus = (ids: number[], status: string) =>
  request<BulkResult>({ url: `${N}/bulk-status`, method: 'post', data: { ids, status }, silent: true });
export const assignNumbers = (body: {
  ids: number[];
  userIds: number[];
  deptIds: number[];
  mode: 'replace' | 'add';
}) => request<BulkResult>({ url: `${N}/assign`, method: 'post', data: body, silent: true });
export const deleteNumber = (id: number) =>
  request<null>({ url: `${N}/${id}`, method: 'delete', silent: true });
export const numberCalls = (id: number, params: ListParams) =>
  request<ListResult<CallRow>>({ url: `${N}/${id}/calls`, method: 'get', params });
export const importNumbers = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return request<{
    results: { row: number; number: string; ok: boolean; msg: string }[];
    succeeded: number;
    failed: number;
  }>({
    url: `${N}/import`,
    method: 'post',
    data: form,
    timeout: 60_000,
    silent: true,
  });
};
export const getOutboundSettings = () =>
  request<OutboundSettings>({ url: '/v1/call/settings', method: 'get' });
export const getProvider = (kind: 'call' | 'sms') =>
  request<ProviderConfigRow>({ url: `/v1/call/providers/${kind}`, method: 'get', silent: true });

// ---- calls --------------------------------------------------------------------------------------
export const startCall = (clientId: number, numberId?: number) =>
  request<{ call: CallRow; scripts: RenderedScript[] }>({
    url: '/v1/calls',
    method: 'post',
    data: numberId ? { clientId, numberId } : { clientId },
    silent: true,
  });
export const getCall = (id: number) =>
  request<CallRow>({ url: `/v1/calls/${id}`, method: 'get', silent: true });
export const listCalls = (params: ListParams) =>
  request<ListResult<CallRow>>({ url: '/v1/calls', method: 'get', params });

// ---- scripts ------------------------------------------------------------------------------------
const S = '/v1/call/scripts';
export const SCRIPTS_EXPORT_URL = `${S}/export`;
export const listScripts = (params: ListParams) =>
  request<ListResult<ScriptRow>>({ url: S, method: 'get', params });
export const getScript = (id: number) =>
  request<ScriptRow>({ url: `${S}/${id}`, method: 'get', silent: true });
export const createScript = (body: z.input<typeof scriptCreate>) =>
  request<ScriptRow>({ url: S, method: 'post', data: body, silent: true });
export const updateScript = (id: number, body: z.input<typeof scriptUpdate>) =>
  request<ScriptRow>({ url: `${S}/${id}`, method: 'put', data: body, silent: true });
export const scriptAction = (id: number, verb: 'publish' | 'offline' | 'copy') =>
  request<ScriptRow>({ url: `${S}/${id}/${verb}`, method: 'post', silent: true });
export const deleteScript = (id: number) =>
  request<null>({ url: `${S}/${id}`, method: 'delete', silent: true });
export const bulkScripts = (ids: number[], verb: 'bulk-publish' | 'bulk-offline') =>
  request<BulkResult>({ url: `${S}/${verb}`, method: 'post', data: { ids }, silent: true });
export interface ScriptVersion {
  id: number;
  versionNo: number;
  status: ScriptRow['status'];
  title: string;
  publishedAt: string | null;
  updatedAt: string;
  updatedByName: string | null;
}
export const scriptVersions = (id: number) =>
  request<{ items: ScriptVersion[] }>({ url: `${S}/${id}/versions`, method: 'get' });
export interface ScriptDiff {
  from: ScriptVersion;
  to: ScriptVersion;
  title: { from: string; to: string };
  lines: { op: 'same' | 'add' | 'del'; text: string }[];
  qa: { op: 'same' | 'add' | 'del'; question: string; answer: string }[];
}
export const scriptDiff = (id: number, against: number) =>
  request<ScriptDiff>({ url: `${S}/${id}/diff`, method: 'get', params: { against } });

// ---- SMS ----------------------------------------------------------------------------------------
const T = '/v1/sms/templates';
export const listSigns = () => request<{ items: SignRow[] }>({ url: '/v1/sms/signs', method: 'get' });
export const createSign = (body: z.input<typeof signCreate>) =>
  request<SignRow>({ url: '/v1/sms/signs', method: 'post', data: body, silent: true });
export const syncSign = (id: number) =>
  request<SignRow>({ url: `/v1/sms/signs/${id}/sync`, method: 'post', silent: true });
export const listTemplates = (params: ListParams) =>
  request<ListResult<TemplateRow>>({ url: T, method: 'get', params });
/** Templates offered to send to clients by hand (the server leaves out system templates). */
export const listManualTemplates = () =>
  request<{ items: TemplateRow[] }>({ url: '/v1/sms/send/templates', method: 'get' });
export const getTemplate = (id: number) =>
  request<TemplateRow>({ url: `${T}/${id}`, method: 'get', silent: true });
export const createTemplate = (body: z.input<typeof templateCreate>) =>
  request<TemplateRow>({ url: T, method: 'post', data: body, silent: true });
export const updateTemplate = (id: number, body: z.input<typeof templateUpdate>) =>
  request<TemplateRow>({ url: `${T}/${id}`, method: 'put', data: body, silent: true });
export const templateAction = (id: number, verb: 'submit' | 'sync' | 'copy') =>
  request<TemplateRow>({ url: `${T}/${id}/${verb}`, method: 'post', silent: true });
export const enableTemplate = (id: number, enabled: boolean, version: number) =>
  request<TemplateRow>({
    url: `${T}/${id}/enable`,
    method: 'post',
    data: { enabled, version },
    silent: true,
  });
export const deleteTemplate = (id: number) =>
  request<null>({ url: `${T}/${id}`, method: 'delete', silent: true });
export const testSend = (id: number, mobile: string, params: Record<string, string>) =>
  request<SmsLogRow>({ url: `${T}/${id}/test-send`, method: 'post', data: { mobile, params }, silent: true });
export const sendSms = (templateId: number, clientId: number, params: Record<string, string>) =>
  request<SmsLogRow>({
    url: '/v1/sms/send',
    method: 'post',
    data: { templateId, clientId, params },
    silent: true,
  });
export const listSmsLogs = (params: ListParams) =>
  request<ListResult<SmsLogRow>>({ url: '/v1/sms/logs', method: 'get', params });

export const updateProvider = (kind: 'call' | 'sms', body: Record<string, unknown>) =>
  request<ProviderConfigRow>({ url: `/v1/call/providers/${kind}`, method: 'put', data: body, silent: true });
export const testProvider = (kind: 'call' | 'sms') =>
  request<{ ok: boolean; message: string }>({
    url: `/v1/call/providers/${kind}/test`,
    method: 'post',
    silent: true,
  });
export const updateOutboundSettings = (body: OutboundSettings) =>
  request<OutboundSettings>({ url: '/v1/call/settings', method: 'put', data: body, silent: true });
