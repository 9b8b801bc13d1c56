import { createCache, StyleProvider } from '@ant-design/cssinjs';
import type { AdminInfo } from '@educrm/contract/auth';
import { SIZES, type Size } from '@educrm/contract/constants';
import { CODE_OK, type Envelope } from '@educrm/contract/envelope';
import type { SsrApiAnswer, SsrRenderInput, SsrResult } from '@educrm/contract/ssr';
import { dehydrate, type Query } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { http } from '../api/http';
import { queryClient } from '../api/queryClient';
import i18n, { loadAreaMessages, loadLanguage } from '../i18n';
import { detectLanguage, htmlLang, isLanguage } from '../i18n/language';
import Layout from '../layout/Layout';
import { affixViews } from '../layout/TagsView/affix';
import { toLayoutRouteObject } from '../router/build';
import { withAreaMessages } from '../router/group';
import { RootShell } from '../router/RootShell';
import { resolvedLayoutRoutes } from '../router/table';
import { pageTitle } from '../router/title';
import type { RouteHandle } from '../router/types';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { paintedSettingsOf, useSettingsStore } from '../stores/settings';
import { NO_NAME } from '../stores/tags';
import { useTagsViewStore } from '../stores/tagsView';
import { useUserStore } from '../stores/user';
import { type ApiBridge, ssrAdapter } from './adapter';
import { assetsOf, type PageAssets } from './assets';
import { resetStores, syncServerSnapshots } from './stores';
import { extractStyles, type PrebuiltStyles, stampOf } from './styles';

/** How long the render waits for the API calls its first pass asked for (the rest renders loading). */
export const DATA_WAIT_MS = 150;

export interface RenderContext {
  api: ApiBridge;
  /** Page module (src/pages/...Page.tsx) -> its own files in the client build. */
  pages: PageAssets;
  prebuilt: PrebuiltStyles;
  /** How long to wait for the page's data calls (tests pass 0 to render without waiting). */
  dataWaitMs?: number;
}

const skip = (reason: string): SsrResult => ({ ok: false, reason });

const acceptedLanguages = (header: string | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);

const sizeOf = (cookie: string | undefined): Size | undefined =>
  (SIZES as readonly string[]).includes(cookie ?? '') ? (cookie as Size) : undefined;

const sessionInfo = async (api: ApiBridge): Promise<AdminInfo | undefined> => {
  const answer: SsrApiAnswer = await api({ method: 'POST', url: '/api/v1/admin/info' });
  const envelope = answer.body as Envelope<AdminInfo> | null;
  if (answer.status !== 200 || envelope?.code !== CODE_OK) return undefined;
  const info = envelope.data;
  return info && Array.isArray(info.roles) && info.roles.length > 0 ? info : undefined;
};

/** The memory router over the layout's routes, once its first navigation (guards, lazy pages) has settled. */
const settledRouter = async (url: string) => {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        Component: RootShell,
        children: [
          { id: 'layout', Component: Layout, children: resolvedLayoutRoutes.map(toLayoutRouteObject) },
        ],
      },
    ],
    { initialEntries: [url], future: { v8_middleware: true } },
  );
  if (!router.state.initialized)
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (!state.initialized) return;
        unsubscribe();
        resolve();
      });
    });
  return router;
};

/** antd's CSS-in-JS cache of every render of this worker (styles.ts extractStyles). */
const styleCache = createCache();

/**
 * Whether a query would fetch in the browser (`enabled`, as its observer set it). On the server a
 * query has no subscribed observer, so React Query's own isDisabled() says true for every one.
 */
const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Renders a signed-in page of the console to HTML, for the server to put into index.html: the
 * session's user, roles and menus, the layout and the page in the user's language and size, and the
 * data of the page's first calls when they answer within DATA_WAIT_MS. Not rendered (the server
 * answers plain index.html): a refused session, a path that redirects (a group, /401, /404), a
 * render error. One render at a time: the stores are the console's own module singletons.
 */
export const renderPage = async (input: SsrRenderInput, ctx: RenderContext): Promise<SsrResult> => {
  const info = await sessionInfo(ctx.api);
  if (!info) return skip('session');
  const cookieLanguage = isLanguage(input.languageCookie) ? input.languageCookie : undefined;
  const language =
    cookieLanguage ??
    (isLanguage(info.lang) ? info.lang : detectLanguage(undefined, acceptedLanguages(input.acceptLanguage)));
  http.defaults.adapter = ssrAdapter(ctx.api);
  let router: Awaited<ReturnType<typeof settledRouter>> | undefined;
  try {
    const size = sizeOf(input.sizeCookie);
    // A narrow window last time: the layout without its sidebar, as the browser will draw it.
    const mobile = input.deviceCookie === 'mobile';
    useAppStore.setState({
      language,
      device: mobile ? 'mobile' : 'desktop',
      sidebar: { opened: !mobile && input.sidebarCookie !== '0', withoutAnimation: mobile },
      ...(size ? { size } : {}),
    });
    useSettingsStore.setState(paintedSettingsOf(input.settingsCookie));
    await loadLanguage(language);
    await i18n.changeLanguage(language);
    useUserStore.getState().setInfo(info);
    usePermissionStore.getState().generate(info.roles, info.permissions);
    router = await settledRouter(input.url);
    const { location, errors, matches } = router.state;
    if (errors || `${location.pathname}${location.search}` !== input.url) return skip('redirect');
    const leaf = matches[matches.length - 1];
    const handle = leaf?.route.handle as RouteHandle | undefined;
    if (!leaf || !handle) return skip('no page');
    const page = await assetsOf(ctx.pages, leaf.route.id);
    if (!page) return skip('assets');
    if (withAreaMessages(handle.meta)) await loadAreaMessages();
    // The tags bar as the browser draws it on a fresh tab: the pinned tabs and this page.
    const tags = useTagsViewStore.getState();
    tags.setAffix(affixViews(usePermissionStore.getState().routes));
    tags.add({
      path: location.pathname,
      fullPath: input.url,
      title: handle.meta?.title ?? NO_NAME,
      noCache: handle.meta?.noCache ?? false,
    });
    syncServerSnapshots();

    // First pass: which queries the page makes. Their calls go to the server; what answers in time
    // is rendered with its data in the second pass, the rest as loading, as the browser would.
    renderToString(
      <StyleProvider cache={styleCache}>
        <RouterProvider router={router} />
      </StyleProvider>,
    );
    const pending = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'pending' && isEnabled(q))
      .map((q) => q.fetch().catch(() => undefined));
    if (pending.length) await Promise.race([Promise.all(pending), delay(ctx.dataWaitMs ?? DATA_WAIT_MS)]);

    const since = stampOf(styleCache);
    const markup = renderToString(
      <StyleProvider cache={styleCache}>
        <RouterProvider router={router} />
      </StyleProvider>,
    );
    const pageStyles = location.pathname !== '/dashboard';
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
    return {
      ok: true,
      markup,
      styles: extractStyles(styleCache, since, ctx.prebuilt, pageStyles),
      title: pageTitle(
        handle.meta?.title,
        (k) => i18n.t(k),
        (k) => i18n.exists(k),
      ),
      lang: htmlLang[language],
      css: page.css,
      js: page.js,
      pageStyles,
      state: JSON.stringify(state),
    };
  } finally {
    router?.dispose();
    queryClient.clear();
    resetStores();
  }
};
