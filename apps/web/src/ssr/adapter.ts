import { CODE_OK } from '@educrm/contract/envelope';
import type { SsrApiAnswer, SsrApiCall } from '@educrm/contract/ssr';
import type { AxiosAdapter, AxiosResponse } from 'axios';
import { http } from '../api/http';

/** Makes an API call for the render: the server answers it in-process with the request's token. */
export type ApiBridge = (call: SsrApiCall) => Promise<SsrApiAnswer>;

const isOk = (answer: SsrApiAnswer) =>
  answer.status === 200 &&
  typeof answer.body === 'object' &&
  answer.body !== null &&
  (answer.body as { code?: unknown }).code === CODE_OK;

/**
 * The console's HTTP client on the server: a page's GET goes through the bridge. A call that is
 * refused, fails or is not a GET never settles: its query stays loading in the markup, as it is in
 * the browser before the answer, and the browser makes the call itself (an error state rendered on
 * the server would be shown to the user before the browser had tried).
 */
export const ssrAdapter =
  (api: ApiBridge): AxiosAdapter =>
  async (config) => {
    if ((config.method ?? 'get').toLowerCase() !== 'get') return new Promise<never>(() => undefined);
    const language = config.headers?.get?.('Accept-Language');
    const answer = await api({
      method: 'GET',
      url: http.getUri(config),
      ...(typeof language === 'string' ? { acceptLanguage: language } : {}),
    });
    if (!isOk(answer)) return new Promise<never>(() => undefined);
    const response: AxiosResponse = {
      data: answer.body,
      status: answer.status,
      statusText: 'OK',
      headers: {},
      config,
      request: {},
    };
    return response;
  };
