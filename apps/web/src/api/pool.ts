import type {
  ClaimQuota,
  ClientListRow,
  ClientRow,
  LimitRuleRow,
  limitRuleCreate,
  limitRuleUpdate,
  PoolConfig,
  PoolConfigUpdate,
  StaffOption,
} from '@educrm/contract/clients';
import type { BulkResult } from '@educrm/contract/list';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';
import { type LookupContext, lookupHeaders } from './lookups';

/**
 * The public pool (公海, DOMAIN 3.3/3.4): the pool list, claim and assign, the caller's quota, the
 * clients about to return to the pool, and the pool settings with their limit rules. Writes are
 * `silent`: the page shows the server's refusal ("今日领取次数超过上限", ...) itself.
 */
const CLIENTS = '/v1/clients';

export const poolKeys = {
  /** Every client list (pool, all, mine): invalidate after an ownership change. */
  clients: ['client'] as const,
  pool: ['client', 'pool'] as const,
  recycleSoon: ['client', 'recycle-soon'] as const,
  quota: ['client', 'quota'] as const,
  config: ['client', 'pool-config'] as const,
  rules: ['client', 'limit-rules'] as const,
  staff: (keyword: string) => ['client', 'staff-options', keyword] as const,
};

export const listPoolClients = (params: ListParams) =>
  request<ListResult<ClientListRow>>({ url: `${CLIENTS}/pool`, method: 'get', params });

/**
 * Owned clients the auto-recycle will move to the pool soon ("即将掉入公海"): from all visible
 * clients (data scope applies) or, without client.list, from the caller's own.
 */
export const listRecycleSoon = (params: ListParams, scope: 'all' | 'mine') =>
  request<ListResult<ClientListRow>>({
    url: scope === 'all' ? CLIENTS : `${CLIENTS}/mine`,
    method: 'get',
    params: { ...params, aboutToRecycle: 'true' },
  });

export const getClaimQuota = (ctx?: LookupContext) =>
  request<ClaimQuota>({ url: `${CLIENTS}/quota`, method: 'get', headers: lookupHeaders(ctx) });

/** Answers the client as the caller now sees it (null when it left their data scope). */
export const claimClient = (id: number) =>
  request<ClientRow | null>({ url: `${CLIENTS}/${id}/claim`, method: 'post', silent: true });

export const bulkClaimClients = (ids: number[]) =>
  request<BulkResult>({ url: `${CLIENTS}/bulk/claim`, method: 'post', data: { ids }, silent: true });

export const assignClient = (id: number, userId: number) =>
  request<ClientRow | null>({
    url: `${CLIENTS}/${id}/assign`,
    method: 'post',
    data: { userId },
    silent: true,
  });

/** Several users: round-robin in the order given. */
export const bulkAssignClients = (ids: number[], userIds: number[]) =>
  request<BulkResult>({
    url: `${CLIENTS}/bulk/assign`,
    method: 'post',
    data: { ids, userIds },
    silent: true,
  });

export const bulkDeleteClients = (ids: number[]) =>
  request<BulkResult>({ url: `${CLIENTS}/bulk/delete`, method: 'post', data: { ids }, silent: true });

export const setClientLock = (id: number, locked: boolean) =>
  request<ClientRow>({ url: `${CLIENTS}/${id}/${locked ? 'lock' : 'unlock'}`, method: 'post', silent: true });

/** Enabled staff within the caller's data scope (owner filters, assign targets); at most 200. */
export const listStaffOptions = (keyword?: string, ctx?: LookupContext) =>
  request<{ items: StaffOption[] }>({
    url: `${CLIENTS}/staff-options`,
    method: 'get',
    headers: lookupHeaders(ctx),
    params: keyword ? { keyword } : {},
  });

// ---- pool settings (client.pool.config) ------------------------------------------------------------
export const getPoolConfig = () => request<PoolConfig>({ url: `${CLIENTS}/pool-config`, method: 'get' });

export const updatePoolConfig = (body: PoolConfigUpdate) =>
  request<PoolConfig>({ url: `${CLIENTS}/pool-config`, method: 'put', data: body, silent: true });

export const listLimitRules = () =>
  request<{ items: LimitRuleRow[] }>({ url: `${CLIENTS}/limit-rules`, method: 'get' });

export const createLimitRule = (body: z.input<typeof limitRuleCreate>) =>
  request<LimitRuleRow>({ url: `${CLIENTS}/limit-rules`, method: 'post', data: body, silent: true });

export const updateLimitRule = (id: number, body: z.input<typeof limitRuleUpdate>) =>
  request<LimitRuleRow>({ url: `${CLIENTS}/limit-rules/${id}`, method: 'put', data: body, silent: true });

export const deleteLimitRule = (id: number) =>
  request<null>({ url: `${CLIENTS}/limit-rules/${id}`, method: 'delete', silent: true });
