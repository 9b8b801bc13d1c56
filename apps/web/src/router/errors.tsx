import type { AppRoute } from './types';

/**
 * The 404 and 401 pages: whole-screen pages outside the layout, shown only with a session (without
 * one, boot.ts and the guard send every path but the whitelist to /login). Not in public.tsx: the
 * build's chunk plan plans their code like the layout's pages (a cold /404 or /401 loads the
 * layout's preloaded files anyway), so the antd code they share with the layout is in the
 * layout's file rather than in eight small files of its own on every signed-in first load.
 */
export const errorRoutes: AppRoute[] = [
  {
    id: '404',
    path: '/404',
    meta: { title: 'page404', hidden: true },
    page: () => import('../pages/error/NotFoundPage'),
  },
  {
    id: '401',
    path: '/401',
    meta: { title: 'page401', hidden: true },
    page: () => import('../pages/error/UnauthorizedPage'),
  },
];
