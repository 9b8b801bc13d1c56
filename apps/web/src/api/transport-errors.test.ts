import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadLanguage } from '../i18n';
import { login, SIGN_IN_TIMEOUT_MS } from './auth';
import { http, transportErrorMessage } from './http';

describe('calls that got no answer (api/http.ts)', () => {
  const adapter = http.defaults.adapter;
  afterEach(async () => {
    http.defaults.adapter = adapter;
    await i18n.changeLanguage('zh');
  });

  it("say what happened in the UI's language, without axios's English", async () => {
    const config = { timeout: 5000 } as InternalAxiosRequestConfig;
    for (const lng of ['zh', 'en', 'es', 'ja'] as const) {
      await loadLanguage(lng);
      await i18n.changeLanguage(lng);
      const timeout = transportErrorMessage({ code: 'ECONNABORTED', config });
      const network = transportErrorMessage({ code: 'ERR_NETWORK', config });
      expect(timeout).toContain('5');
      for (const text of [timeout, network]) {
        expect(text).not.toMatch(/timeout of|Network Error|\{\{/);
        expect(text.length).toBeGreaterThan(8);
      }
    }
    await i18n.changeLanguage('zh');
    expect(transportErrorMessage({ code: 'ECONNABORTED', config: { timeout: 30_000 } as never })).toContain(
      '30 秒',
    );
  });

  it('give the sign-in call its own longer limit', async () => {
    let seen: InternalAxiosRequestConfig | undefined;
    const answer: AxiosAdapter = async (config) => {
      seen = config;
      return {
        data: { code: 0, msg: 'ok', data: { access_token: 't' } },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    };
    http.defaults.adapter = answer;
    await login({ username: 'a', password: 'b' }, { silent: true });
    expect(seen?.timeout).toBe(SIGN_IN_TIMEOUT_MS);
    expect(SIGN_IN_TIMEOUT_MS).toBeGreaterThanOrEqual(20_000);
  });
});
