import type { TokenResult } from '@educrm/contract/auth';
import { REQUEST_TIMEOUT_MS } from '@educrm/contract/constants';
import { CODE_OK, type Envelope, ErrorCode } from '@educrm/contract/envelope';
import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { showError } from '../components/feedback';
import i18n, { currentLanguage } from '../i18n';
import { noteServerDate } from '../session/clock';
import { refreshIfDue } from '../session/refresh';
import { getToken } from '../session/token';
import { openLogoutBox } from '../stores/feedback';
import { startEarly, takeEarly } from './early';
import { ApiError } from './errors';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** No global red message: the caller shows the error itself (e.g. beside the login form). */
    silent?: boolean;
    /** A 401 is the caller's business (the route guard's info call), not the logout box's. */
    skipAuthBox?: boolean;
    /** Do not refresh the token before this request (the refresh call itself). */
    skipRefresh?: boolean;
    /**
     * Started by the entry script for a page not loaded yet (api/early.ts): a failure has no side
     * effect (no message, no logout box, no permission reload); the page's own call is made again.
     */
    early?: boolean;
  }
}

/**
 * The one HTTP client (spec section 7): base /api, 5000 ms timeout (uploads, imports and exports
 * pass their own), Bearer token from the cookie, Accept-Language of the UI, envelope handling for
 * 2xx and non-2xx answers alike.
 */
export const http = axios.create({
  baseURL: '/api',
  timeout: REQUEST_TIMEOUT_MS,
  // No XSRF cookie: the API authenticates with the Bearer header. Left on, axios (1.21 here) reads
  // the `XSRF-TOKEN` cookie through the async `cookieStore.get()` before every send(), a round trip
  // to the browser process that held each call 75-300 ms on a first load (bench/README.md, #17 round 5).
  withXSRFToken: false,
});

/**
 * The refresh waits longer than other calls: the server rotates the token as it answers, so an
 * answer given up on (a loaded server) leaves this browser with the refreshed-away token, which
 * works only during the server's grace (REFRESH_GRACE_SECONDS, 30 s) and then ends the session.
 * Below that grace, a late answer is still taken.
 */
export const REFRESH_TIMEOUT_MS = 20_000;

const callRefresh = (token: string) =>
  request<TokenResult>({
    url: '/v1/admin/refresh-token',
    method: 'post',
    data: { token },
    timeout: REFRESH_TIMEOUT_MS,
    silent: true,
    skipAuthBox: true,
    skipRefresh: true,
  });

/** Refreshes the token when it is due (also called by the activity timer). */
export const refreshSessionIfDue = () => refreshIfDue(callRefresh);

http.interceptors.request.use(async (config) => {
  if (!config.skipRefresh) await refreshSessionIfDue();
  const token = getToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  config.headers.set('Accept-Language', currentLanguage());
  return config;
});

const isEnvelope = (body: unknown): body is Envelope<unknown> =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { code?: unknown }).code === 'number' &&
  'msg' in body;

type ForbiddenListener = () => void;
const forbiddenListeners = new Set<ForbiddenListener>();
/** A 403 means the user's permissions changed: the app re-reads info and rebuilds the routes. */
export const onForbidden = (listener: ForbiddenListener) => {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
};

const fail = (envelope: Envelope<unknown>, status: number | undefined, config?: AxiosRequestConfig) => {
  const message = envelope.msg || i18n.t('http.error');
  if (config?.early) return Promise.reject(new ApiError(message, envelope.code, status, envelope.data));
  if (envelope.code === ErrorCode.Unauthorized || status === 401) {
    // Spec section 8: the 'Confirm logout' box, once however many requests failed at once.
    if (!config?.skipAuthBox) openLogoutBox();
  } else {
    if (envelope.code === ErrorCode.Forbidden || status === 403) {
      for (const listener of forbiddenListeners) listener();
    }
    if (!config?.silent) showError(message);
  }
  return Promise.reject(new ApiError(message, envelope.code, status, envelope.data));
};

http.interceptors.response.use(
  (response: AxiosResponse) => {
    if (response.config.url?.includes('/v1/admin/login') || response.config.url?.includes('refresh-token')) {
      noteServerDate(response.headers.date as string | undefined);
    }
    const body: unknown = response.data;
    if (isEnvelope(body) && body.code !== CODE_OK) return fail(body, response.status, response.config);
    return response;
  },
  async (error: AxiosError) => {
    if (axios.isCancel(error)) throw error;
    const { response, config } = error;
    if (response && isEnvelope(response.data)) return fail(response.data, response.status, config);
    // A download (responseType blob) that failed still carries the JSON envelope.
    const body = response?.data;
    if (response && body instanceof Blob && body.type.includes('json')) {
      const parsed = await body
        .text()
        .then((text): unknown => JSON.parse(text))
        .catch(() => null);
      if (isEnvelope(parsed)) return fail(parsed, response.status, config);
    }
    const message = transportErrorMessage(error);
    if (!config?.silent && !config?.early) showError(message);
    throw new ApiError(message, response?.status ?? 0, response?.status);
  },
);

/**
 * The user's sentence for a call that got no envelope back, in the UI language: axios's own
 * messages ("timeout of 5000ms exceeded", "Network Error") are English and say nothing to staff.
 */
export const transportErrorMessage = (error: Pick<AxiosError, 'code' | 'response' | 'config'>) => {
  if (error.response) return i18n.t('http.status', { status: error.response.status });
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    const seconds = Math.round((error.config?.timeout || REQUEST_TIMEOUT_MS) / 1000);
    return i18n.t('http.timeout', { seconds });
  }
  return i18n.t('http.network');
};

const send = async <T>(config: AxiosRequestConfig): Promise<T> => {
  const response = await http.request<Envelope<T>>(config);
  return response.data.data;
};

/**
 * Sends a request and resolves with the envelope's data (rejects with ApiError otherwise). A GET the
 * entry script has started already (api/early.ts), in the same UI language, is that call's answer; if
 * it failed, it is sent again.
 */
export const request = async <T>(config: AxiosRequestConfig): Promise<T> => {
  const early = takeEarly(config, currentLanguage()) as Promise<T> | undefined;
  return early ? early.catch(() => send<T>(config)) : send<T>(config);
};

/** Starts a GET that a page not loaded yet will make (boot.ts); see api/early.ts. */
export const requestEarly = (url: string, params: Record<string, string | number>) =>
  startEarly(url, params, () => send({ url, method: 'get', params, early: true }), currentLanguage());
