import { callRoutes } from './modules/call';
import { clientRoutes } from './modules/client';
import { courseRoutes } from './modules/course';
import { dataRoutes } from './modules/data';
import { memberRoutes } from './modules/member';
import { orderRoutes } from './modules/order';
import { productRoutes } from './modules/product';
import { systemRoutes } from './modules/system';
import { wecomRoutes } from './modules/wecom';
import type { AppRoute } from './types';

export { publicRoutes } from './public';

/**
 * THE route table (spec section 2). It drives the router, the permission filter, the sidebar, the
 * breadcrumb, the header search, the tags view, the dashboard shortcuts and the page titles.
 * Every page is a lazy chunk.
 *
 * Business groups are added by their own issues: write `src/router/modules/<group>.tsx` with
 * groupRoute()/pageRoute() from ./group (paths, permission codes and default roles come from the
 * contract) and list the group in `moduleRoutes` below. Nothing else needs to change.
 */

/** Pages inside the layout that every signed-in user has. */
export const constantRoutes: AppRoute[] = [
  {
    id: 'redirect',
    path: '/redirect/*',
    meta: { hidden: true, noCache: true, breadcrumb: false },
    page: () => import('../pages/redirect/RedirectPage'),
  },
  {
    id: 'home',
    path: '/',
    redirect: '/dashboard',
    children: [
      {
        id: 'dashboard',
        path: 'dashboard',
        meta: { title: 'dashboard', icon: 'dashboard', affix: true },
        page: () => import('../pages/dashboard/DashboardPage'),
      },
    ],
  },
  {
    id: 'profile-group',
    path: '/profile',
    redirect: '/profile/index',
    children: [
      {
        id: 'profile',
        path: 'index',
        meta: { title: 'profile', icon: 'user', noCache: true },
        page: () => import('../pages/profile/ProfilePage'),
      },
    ],
  },
];

/** Business groups, one module each (src/router/modules/<group>.tsx), in menu order. */
export const moduleRoutes: AppRoute[] = [
  dataRoutes,
  clientRoutes,
  orderRoutes,
  productRoutes,
  callRoutes,
  courseRoutes,
  memberRoutes,
  wecomRoutes,
  systemRoutes,
];

/** Everything inside the layout, in menu order. */
export const layoutRoutes: AppRoute[] = [...constantRoutes, ...moduleRoutes];
