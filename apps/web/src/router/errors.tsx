import type { AppRoute } from './types';

/**
 * The 404 and 401 pages: whole-screen pages outside the layout, shown only with a session (without
 * one, boot.ts and the guard send every path but the whitelist to /login).
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
