import { createBrowserRouter, redirect } from 'react-router';
import { AppLoading } from '../components/AppLoading';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary';
import { toLayoutRouteObject, toPublicRouteObject } from './build';
import { authGuard } from './guard';
import { RootShell } from './RootShell';
import { resolvedLayoutRoutes, resolvedPublicRoutes } from './table';

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The layout's chunk (and, through Vite's preload map, the chunks it imports). */
export const loadLayout = () => import('../layout/Layout');
let instance: AppRouter | null = null;

/**
 * History-mode data router. The root middleware is the session guard; the layout (lazy, so the
 * login page never loads it) holds every page of the table; unknown paths go to /404.
 */
const create = () =>
  createBrowserRouter(
    [
      {
        id: 'root',
        Component: RootShell,
        HydrateFallback: AppLoading,
        ErrorBoundary: RouteErrorBoundary,
        middleware: [authGuard],
        children: [
          ...resolvedPublicRoutes.map(toPublicRouteObject),
          {
            id: 'layout',
            lazy: async () => ({ Component: (await loadLayout()).default }),
            children: resolvedLayoutRoutes.map(toLayoutRouteObject),
          },
          { id: 'not-found', path: '*', loader: () => redirect('/404') },
        ],
      },
    ],
    { future: { v8_middleware: true } },
  );

/**
 * The one router, created on first use (after the UI language has loaded, so that the guard's
 * messages are translated).
 */
export const getRouter = (): AppRouter => {
  instance ??= create();
  return instance;
};
