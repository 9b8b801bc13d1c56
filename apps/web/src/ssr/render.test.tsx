import { defaultCodesOf } from '@educrm/contract/access';
import type { AdminInfo } from '@educrm/contract/auth';
import type { SsrApiAnswer, SsrApiCall, SsrPage, SsrResult } from '@educrm/contract/ssr';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../api/queryClient';
import { usePermissionStore } from '../stores/permission';
import { useUserStore } from '../stores/user';
import type { PageAssets } from './assets';
import { renderPage } from './render';

const admin: AdminInfo = {
  id: 1,
  username: 'admin',
  roles: ['admin'],
  nickname: '超级管理员甲',
  avatar_url: '',
  introduction: '',
  permissions: defaultCodesOf('admin'),
  dataScope: 'ALL',
  lang: null,
};
const sales: AdminInfo = {
  ...admin,
  id: 7,
  username: 'siyu7',
  roles: ['siyu'],
  nickname: '销售乙',
  permissions: defaultCodesOf('siyu'),
  dataScope: 'SELF',
};

const ok = (data: unknown): SsrApiAnswer => ({ status: 200, body: { code: 0, msg: 'ok', data } });

/** The server's side of the bridge: the session info, and the given GETs by URL prefix. */
const serverOf = (info: AdminInfo | null, answers: Record<string, unknown> = {}) => {
  const calls: SsrApiCall[] = [];
  const api = async (call: SsrApiCall): Promise<SsrApiAnswer> => {
    calls.push(call);
    if (call.url === '/api/v1/admin/info')
      return info ? ok(info) : { status: 401, body: { code: 401, msg: 'expired', data: null } };
    const answer = Object.entries(answers).find(([prefix]) => call.url.startsWith(prefix));
    // A call this test does not answer stays unanswered (as a slow server would).
    return answer ? ok(answer[1]) : new Promise<never>(() => undefined);
  };
  return { api, calls };
};

/** Every page module "has" one stylesheet named after it. */
const pages = new Proxy({} as PageAssets, {
  get: (_, source) => ({ css: [`assets/${String(source).split('/').pop()}.css`], js: [] }),
});
const prebuilt = { layout: new Set<string>(), pages: new Set<string>() };

const render = (url: string, api: (call: SsrApiCall) => Promise<SsrApiAnswer>, extra = {}) =>
  renderPage({ url, languageCookie: 'zh', ...extra }, { api, pages, prebuilt, dataWaitMs: 300 });

const rendered = (result: SsrResult): SsrPage => {
  if (!result.ok) throw new Error(`not rendered: ${result.reason}`);
  return result;
};

const platform = {
  id: 3,
  code: 'douyin-shop',
  name: '抖音小店测试平台',
  type: 'ECOMMERCE',
  syncEnabled: false,
  status: 'ENABLED',
  sort: 1,
  remark: '',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 1,
};

describe('a signed-in page rendered on the server', () => {
  it('is the layout and the dashboard of the session user, in their language, with its title', async () => {
    const { api } = serverOf(admin);
    const page = rendered(await render('/dashboard', api));
    expect(page.markup).toContain('data-testid="dashboard-page"');
    expect(page.markup).toContain('超级管理员甲');
    // The menu (a permitted group) and the tags bar with the pinned dashboard tab.
    expect(page.markup).toContain('客户管理');
    expect(page.markup).toContain('tags-view');
    expect(page.title).toMatch(/^首页 - /);
    expect(page.lang).toBe('zh-CN');
    expect(page.pageStyles).toBe(false);
    expect(page.css).toEqual(['assets/DashboardPage.tsx.css']);
    // antd's theme variables for this render's class names come along.
    expect(page.styles).toMatch(/\.css-var-[^{]+\{[^}]*--ant-color-primary/);
    expect(page.styles).not.toContain('data-ant-cssinjs-cache-path');
  });

  it('draws the layout the user chose: size, sidebar, theme colour, tags bar (their cookies)', async () => {
    const page = rendered(
      await render('/dashboard', serverOf(admin).api, {
        sidebarCookie: '0',
        sizeCookie: 'small',
        settingsCookie: JSON.stringify({ theme: '#13c2c2', tagsView: false, fixedHeader: true, bad: 1 }),
      }),
    );
    expect(page.markup).toContain('hideSidebar');
    expect(page.markup).toContain('hasFixedHeader');
    expect(page.markup).not.toContain('tags-view');
    expect(page.markup).toContain('ant-btn-sm');
    // An unreadable cookie is the defaults.
    const plain = rendered(await render('/dashboard', serverOf(admin).api, { settingsCookie: '{nope' }));
    expect(plain.markup).toContain('openSidebar');
    expect(plain.markup).toContain('tags-view');
    // A narrow window last time: no sidebar, whatever the sidebar cookie says.
    const narrow = rendered(await render('/dashboard', serverOf(admin).api, { deviceCookie: 'mobile' }));
    expect(narrow.markup).toMatch(/class="app-wrapper hideSidebar withoutAnimation mobile/);
    const primary = (css: string) => /--ant-color-primary:([^;}]+)/.exec(css)?.[1];
    expect(primary(page.styles)).toBeTruthy();
    expect(primary(page.styles)).not.toBe(primary(plain.styles));
  });

  it("shows only the user's menus and nothing of the user rendered before", async () => {
    rendered(await render('/dashboard', serverOf(admin).api));
    const page = rendered(await render('/dashboard', serverOf(sales).api, { languageCookie: 'en' }));
    expect(page.markup).toContain('销售乙');
    expect(page.markup).not.toContain('超级管理员甲');
    // The sales role has no system management.
    expect(page.markup).not.toContain('System');
    expect(page.markup).toContain('Clients');
    expect(page.lang).toBe('en');
    // The render leaves the stores and the query cache empty.
    expect(useUserStore.getState().name).toBe('');
    expect(usePermissionStore.getState().ready).toBe(false);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('renders a list page with the rows its first call answered, and hands that answer to the browser', async () => {
    const { api, calls } = serverOf(admin, {
      '/api/v1/dict/platforms?': { items: [platform], total: 1, page: 1, pageSize: 20 },
    });
    const page = rendered(await render('/order/platform-list', api));
    expect(page.markup).toContain('抖音小店测试平台');
    expect(page.markup).toContain('ant-table-row');
    expect(page.pageStyles).toBe(true);
    const call = calls.find((c) => c.url.startsWith('/api/v1/dict/platforms?'));
    expect(call).toMatchObject({ method: 'GET', acceptLanguage: 'zh' });
    const state = JSON.parse(page.state) as { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    const list = state.queries.find((q) => JSON.stringify(q.queryKey).includes('"list"'));
    expect(list?.state.data).toMatchObject({ total: 1, items: [{ name: '抖音小店测试平台' }] });
  });

  it('renders a call that has not answered in time as loading, and leaves it out of the state', async () => {
    const { api } = serverOf(admin);
    const page = rendered(await render('/order/platform-list', api));
    expect(page.markup).toContain('data-testid="platform-list-page"');
    expect(page.markup).not.toContain('ant-table-row');
    expect(page.state).not.toContain('platforms');
  });

  it('is not rendered without a session, for a path that redirects, or a page the user may not open', async () => {
    expect(await render('/dashboard', serverOf(null).api)).toEqual({ ok: false, reason: 'session' });
    // A group goes to its first child; a page outside the user's permissions to /401.
    expect(await render('/client', serverOf(admin).api)).toEqual({ ok: false, reason: 'redirect' });
    expect(await render('/system/admin-list', serverOf(sales).api)).toEqual({
      ok: false,
      reason: 'redirect',
    });
  });
});
