import type { AppRoute } from './types';

/**
 * Whole-screen pages outside the layout. Without a token only /login and /auth-redirect open.
 * In a module of their own: the build's chunk plan (vite-plugins/chunk-groups.ts) leaves the code
 * of the pages this module imports as it is (the login page loads nothing of the layout).
 */
export const publicRoutes: AppRoute[] = [
  {
    id: 'login',
    path: '/login',
    meta: { title: 'login', hidden: true },
    page: () => import('../pages/login/LoginPage'),
  },
  {
    id: 'auth-redirect',
    path: '/auth-redirect',
    meta: { title: 'authRedirect', hidden: true },
    page: () => import('../pages/auth-redirect/AuthRedirectPage'),
  },
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
