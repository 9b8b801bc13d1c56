import type { AdminInfo } from '@educrm/contract/auth';
import { beforeEach, describe, expect, test, vi } from 'vitest';

let fireForbidden: () => void = () => undefined;
vi.mock('../api/http', () => ({
  onForbidden: (listener: () => void) => {
    fireForbidden = listener;
    return () => undefined;
  },
}));
const getInfo = vi.fn<(token: string) => Promise<AdminInfo | null>>();
vi.mock('../api/auth', () => ({ getInfo: (t: string) => getInfo(t), logout: vi.fn() }));
vi.mock('./token', () => ({ getToken: () => 'token', clearToken: vi.fn() }));

const { installForbiddenHandler } = await import('./forbidden');
const { usePermissionStore } = await import('../stores/permission');
const { useTagsViewStore } = await import('../stores/tagsView');

const info = (roles: string[], permissions: string[]): AdminInfo => ({
  id: 1,
  username: 'u1',
  roles,
  nickname: 'U',
  avatar_url: '',
  introduction: '',
  permissions,
  dataScope: 'SELF',
  lang: null,
});
const settle = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  getInfo.mockReset();
  usePermissionStore.getState().generate(['siyu'], []);
});

describe('a 403 from the API', () => {
  test('re-reads info, rebuilds the routes and re-runs the guard on a page no longer permitted', async () => {
    const navigate = vi.fn();
    installForbiddenHandler(navigate, () => ({ pathname: '/gone/page', fullPath: '/gone/page?x=1' }));
    getInfo.mockResolvedValue(info(['siyu'], ['client.list']));
    fireForbidden();
    fireForbidden();
    await settle();
    expect(getInfo).toHaveBeenCalledTimes(1);
    expect(usePermissionStore.getState().ready).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/gone/page?x=1', { replace: true });
  });

  test('stays put when the current page is still permitted; closes tabs that are not', async () => {
    const navigate = vi.fn();
    useTagsViewStore.setState({
      visited: [
        { path: '/dashboard', fullPath: '/dashboard', title: 'dashboard', affix: true },
        { path: '/gone/page', fullPath: '/gone/page', title: 'x' },
      ],
      cached: ['/gone/page'],
    });
    installForbiddenHandler(navigate, () => ({ pathname: '/profile/index', fullPath: '/profile/index' }));
    getInfo.mockResolvedValue(info(['siyu'], []));
    fireForbidden();
    await settle();
    expect(navigate).not.toHaveBeenCalled();
    expect(useTagsViewStore.getState().visited.map((v) => v.path)).toEqual(['/dashboard']);
  });
});
