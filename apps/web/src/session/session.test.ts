import type { AdminInfo } from '@educrm/contract/auth';
import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';

const getInfo = vi.fn<(token: string) => Promise<AdminInfo | null>>();
const logoutCall = vi.fn<(token: string) => Promise<null>>();
vi.mock('../api/auth', () => ({ getInfo: (t: string) => getInfo(t), logout: (t: string) => logoutCall(t) }));

const { default: i18n, i18nReady, loadLanguage } = await import('../i18n');
const { loadSession, resetSession } = await import('./session');
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
