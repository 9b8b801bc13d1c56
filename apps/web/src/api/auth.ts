import type { AdminInfo, AuthProvider, LoginBody, LoginResult, MfaLoginResult } from '@educrm/contract/auth';
import type { AxiosRequestConfig } from 'axios';
import { request } from './http';

/**
 * The spec's sign-in calls (section 7) and the provider list, typed by the contract. The refresh call
 * lives in http.ts, which runs it before requests (refreshSessionIfDue).
 */
/**
 * Sign-in calls wait longer than the spec's 5 s: the password hash is deliberately slow, and a busy
 * server took 4-13 s to answer a login (issue 45), which a 5 s limit turned into a failed sign-in.
 */
export const SIGN_IN_TIMEOUT_MS = 30_000;

export const login = (body: LoginBody, config: AxiosRequestConfig = {}) =>
  request<LoginResult>({
    url: '/v1/admin/login',
    method: 'post',
    data: body,
    skipRefresh: true,
    timeout: SIGN_IN_TIMEOUT_MS,
    ...config,
  });

/** The second step for accounts with two-step verification: the login call's ticket and a code. */
export const loginMfa = (ticket: string, code: string) =>
  request<MfaLoginResult>({
    url: '/v1/admin/login/mfa',
    method: 'post',
    data: { ticket, code },
    skipRefresh: true,
    silent: true,
    timeout: SIGN_IN_TIMEOUT_MS,
  });

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

/** WeCom sign-in: the code and state /auth-redirect received, exchanged for the same session as a login. */
/** A token, or the second step's challenge for accounts with two-step verification. */
export const wecomLogin = (code: string, state: string) =>
  request<LoginResult>({
    url: '/v1/admin/wecom-login',
    method: 'post',
    data: { code, state },
    skipRefresh: true,
    timeout: SIGN_IN_TIMEOUT_MS,
    silent: true,
    skipAuthBox: true,
  });
