import { errorRoutes } from './errors';
import type { AppRoute } from './types';

/**
 * Whole-screen pages outside the layout. Without a token only /login and /auth-redirect open.
 * In a module of their own: the build's chunk plan (vite-plugins/chunk-groups.ts) leaves the code
 * of the pages this module imports as it is (the login page loads nothing of the layout); the
 * error pages, shown only with a session, come from errors.tsx.
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
  ...errorRoutes,
];
