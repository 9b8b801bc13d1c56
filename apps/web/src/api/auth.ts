import type { AdminInfo, AuthProvider, LoginBody, TokenResult } from '@educrm/contract/auth';
import type { AxiosRequestConfig } from 'axios';
import { request } from './http';

/**
 * The spec's sign-in calls (section 7) and the provider list, typed by the contract. The refresh call
 * lives in http.ts, which runs it before requests (refreshSessionIfDue).
 */
export const login = (body: LoginBody, config: AxiosRequestConfig = {}) =>
  request<TokenResult>({ url: '/v1/admin/login', method: 'post', data: body, skipRefresh: true, ...config });

/** The guard's call: its failures (401 included) are shown by the guard, not globally. */
export const getInfo = (token: string) =>
  request<AdminInfo | null>({
    url: '/v1/admin/info',
    method: 'post',
    data: { token },
    silent: true,
    skipAuthBox: true,
  });

/** Logout may fail (token already dead, network): the caller signs out locally anyway. */
export const logout = (token: string) =>
  request<null>({
    url: '/v1/admin/logout',
    method: 'post',
    data: { token },
    silent: true,
    skipAuthBox: true,
    skipRefresh: true,
  });

export const getAuthProviders = () =>
  request<{ providers: AuthProvider[] }>({ url: '/v1/admin/auth-providers', method: 'get', silent: true });
