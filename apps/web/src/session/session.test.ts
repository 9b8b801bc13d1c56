import type { AdminInfo } from '@educrm/contract/auth';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

const getInfo = vi.fn<(token: string) => Promise<AdminInfo | null>>();
const logoutCall = vi.fn<(token: string) => Promise<null>>();
vi.mock('../api/auth', () => ({ getInfo: (t: string) => getInfo(t), logout: (t: string) => logoutCall(t) }));

// Tabs are kept per user in sessionStorage (resetSession clears them): a minimal one for node.
const stored = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => stored.get(k) ?? null,
  setItem: (k: string, v: string) => void stored.set(k, v),
  removeItem: (k: string) => void stored.delete(k),
});

const { default: i18n, i18nReady, loadLanguage } = await import('../i18n');
const { loadSession, resetSession, sessionFor, startSessionEarly } = await import('./session');
const { usePermissionStore } = await import('../stores/permission');
const { useUserStore } = await import('../stores/user');

const info = (over: Partial<AdminInfo> = {}): AdminInfo => ({
  id: 7,
  username: 'siyu1',
  roles: ['siyu'],
  nickname: '李晓萌',
  avatar_url: '',
  introduction: '',
  permissions: ['client.list'],
  dataScope: 'SELF',
  lang: null,
  ...over,
});

beforeAll(async () => {
  await i18nReady;
  await loadLanguage('zh');
});

beforeEach(async () => {
  resetSession();
  getInfo.mockReset();
  await i18n.changeLanguage('en');
});

describe('loadSession (the guard before any page)', () => {
  test('info without data: "Verification failed, please Login again."', async () => {
    getInfo.mockResolvedValue(null);
    await expect(loadSession('t')).rejects.toThrow('Verification failed, please Login again.');
    expect(usePermissionStore.getState().ready).toBe(false);
  });

  test('no roles: 请联系管理员分配角色 (in zh; translated in the other languages)', async () => {
    getInfo.mockResolvedValue(info({ roles: [] }));
    await i18n.changeLanguage('zh');
    await expect(loadSession('t')).rejects.toThrow('请联系管理员分配角色');
    await i18n.changeLanguage('en');
    await expect(loadSession('t')).rejects.toThrow('Please ask an administrator to assign you a role');
  });

  test("the server's message otherwise", async () => {
    getInfo.mockRejectedValue(new Error('登录已失效，请重新登录'));
    await expect(loadSession('t')).rejects.toThrow('登录已失效，请重新登录');
  });

  test('success: user and permitted routes are set; parallel navigations share one call', async () => {
    getInfo.mockResolvedValue(info());
    await Promise.all([loadSession('t'), loadSession('t')]);
    expect(getInfo).toHaveBeenCalledTimes(1);
    expect(useUserStore.getState()).toMatchObject({ adminId: 7, name: '李晓萌', roles: ['siyu'] });
    const ids = usePermissionStore.getState().ids;
    expect(ids.has('dashboard')).toBe(true);
    expect(ids.has('profile')).toBe(true);
  });
});

test("the account's language never changes this browser's (spec section 4: cookie, else the browser's)", async () => {
  await i18n.changeLanguage('zh');
  getInfo.mockResolvedValue(info({ lang: 'en' }));
  await loadSession('t');
  expect(i18n.language).toBe('zh');
});

describe('startSessionEarly (the entry script) and sessionFor (the guard)', () => {
  test('the guard awaits the call the entry script started: one info request', async () => {
    let answer: (value: AdminInfo) => void = () => undefined;
    getInfo.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    startSessionEarly('t1');
    expect(getInfo).toHaveBeenCalledTimes(1);
    const guard = sessionFor('t1');
    answer(info());
    await guard;
    expect(getInfo).toHaveBeenCalledTimes(1);
    expect(usePermissionStore.getState().ready).toBe(true);
  });

  test('its failure reaches the guard, and the next navigation asks again', async () => {
    getInfo.mockRejectedValueOnce(new Error('登录已失效，请重新登录'));
    startSessionEarly('t1');
    await expect(sessionFor('t1')).rejects.toThrow('登录已失效');
    getInfo.mockResolvedValue(info());
    await sessionFor('t1');
    expect(getInfo).toHaveBeenCalledTimes(2);
  });

  test('another token (signed in again meanwhile) is not served the early answer', async () => {
    getInfo.mockResolvedValue(info());
    startSessionEarly('old');
    await vi.waitFor(() => expect(usePermissionStore.getState().ready).toBe(true));
    await sessionFor('new');
    expect(getInfo.mock.calls.map(([token]) => token)).toEqual(['old', 'new']);
  });
});
