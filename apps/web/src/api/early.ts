import type { AxiosRequestConfig } from 'axios';

/**
 * GET calls a first load starts before the page that makes them has loaded (boot.ts starts a
 * list's first page with the session call), handed to the page's own identical call. A call is
 * matched by url and params (any order), taken once, and forgotten after KEEP_MS; a failed early
 * call is made again by the page, which then reports the failure as usual (the early one has no
 * side effects: `early` in api/http.ts).
 */
export const KEEP_MS = 15_000;

type Params = Record<string, string | number | undefined>;
const calls = new Map<string, Promise<unknown>>();

export const earlyKey = (url: string, params: Params = {}): string =>
  `${url}?${new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  ).toString()}`;

/**
 * Starts `send` now and keeps its promise for the page's call of the same url and params.
 * `variant`: what else the answer depends on (the UI language it was asked in).
 */
export const startEarly = (url: string, params: Params, send: () => Promise<unknown>, variant = '') => {
  const key = `${variant}|${earlyKey(url, params)}`;
  const promise = send();
  promise.catch(() => undefined); // the page's own call reports failures
  calls.set(key, promise);
  setTimeout(() => {
    if (calls.get(key) === promise) calls.delete(key);
  }, KEEP_MS);
};

/** The early call for this request, once (GET with plain params only), or undefined. */
export const takeEarly = (config: AxiosRequestConfig, variant = ''): Promise<unknown> | undefined => {
  if (calls.size === 0 || (config.method ?? 'get').toLowerCase() !== 'get' || !config.url) return undefined;
  const key = `${variant}|${earlyKey(config.url, (config.params ?? {}) as Params)}`;
  const promise = calls.get(key);
  if (promise) calls.delete(key);
  return promise;
};
