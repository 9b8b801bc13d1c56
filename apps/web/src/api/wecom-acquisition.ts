import type {
  WecomChannelCodeRow,
  wecomChannelCodeCreate,
  wecomChannelCodeUpdate,
} from '@educrm/contract/wecom-acquisition';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';

/** 渠道活码 (issue 41): channel codes, their figures, the default welcome. Writes are `silent`. */
export const channelCodeKeys = {
  all: ['wecom', 'channel-codes'] as const,
  welcome: (appId: number) => ['wecom', 'default-welcome', appId] as const,
};

const C = '/v1/wecom/channel-codes';

export const listChannelCodes = (params: ListParams) =>
  request<ListResult<WecomChannelCodeRow>>({ url: C, method: 'get', params });
export const getChannelCode = (id: number) =>
  request<WecomChannelCodeRow>({ url: `${C}/${id}`, method: 'get', silent: true });
export const createChannelCode = (body: z.input<typeof wecomChannelCodeCreate>) =>
  request<WecomChannelCodeRow>({ url: C, method: 'post', data: body, silent: true });
export const updateChannelCode = (id: number, body: z.input<typeof wecomChannelCodeUpdate>) =>
  request<WecomChannelCodeRow>({ url: `${C}/${id}`, method: 'put', data: body, silent: true });
export const deleteChannelCode = (id: number) =>
  request<null>({ url: `${C}/${id}`, method: 'delete', silent: true });
export const simulateChannelAdd = (id: number) =>
  request<{ externalUserid: string; userid: string }>({
    url: `${C}/${id}/simulate-add`,
    method: 'post',
    data: {},
    silent: true,
  });
export const getDefaultWelcome = (appId: number) =>
  request<{ appId: number; welcomeText: string }>({
    url: '/v1/wecom/default-welcome',
    method: 'get',
    params: { appId },
  });
export const setDefaultWelcome = (appId: number, text: string) =>
  request<null>({
    url: '/v1/wecom/default-welcome',
    method: 'put',
    data: { appId, welcomeText: text },
    silent: true,
  });
