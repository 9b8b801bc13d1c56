import type { ComponentType } from 'react';

/**
 * Route meta (spec section 2). `permission` is the page code the guard checks against the
 * user's permissions; `roles` documents the built-in roles that hold it by default (spec section 6)
 * and is never checked, so roles edited on System > Roles take effect.
 */
export interface RouteMeta {
  /** Key under `route.*` in the i18n files; shown as is when there is no translation. */
  title?: string;
  /** Name of an icon in src/layout/icons.tsx. */
  icon?: string;
  roles?: readonly string[];
  permission?: string;
  /** Pinned tab: always first, never closable. */
  affix?: boolean;
  /** Not kept alive: the page remounts on every visit. */
  noCache?: boolean;
  /** Sidebar entry to highlight instead of this path (edit pages highlight their list). */
  activeMenu?: string;
  /** false: left out of the breadcrumb. */
  breadcrumb?: boolean;
  /** Not in the sidebar, the search or the dashboard shortcuts (still routable). */
  hidden?: boolean;
  /** Show a group as a submenu even when it has a single child. */
  alwaysShow?: boolean;
  /**
   * A list page's first call (ResourceTable: GET `url` with page 1, the default page size and
   * `sort`), which boot.ts starts with the session call when a first load opens the page's plain
   * path (no query), so the rows do not wait for the layout's and the page's code.
   */
  firstList?: { url: string; sort?: string };
}

export interface PageModule {
  default: ComponentType;
}

/** One entry of the route table: a page, a group of pages, or an external link (path http...). */
export interface AppRoute {
  /** Unique; the router's route id. Pages of the contract use their page code. */
  id: string;
  /** Absolute, or relative to the parent. */
  path: string;
  meta?: RouteMeta;
  /** The page, loaded lazily. */
  page?: () => Promise<PageModule>;
  /** Where a group path goes; absent: its first permitted child. */
  redirect?: string;
  children?: AppRoute[];
}

/** A route with its absolute path worked out (or the URL of an external link). */
export interface ResolvedRoute extends AppRoute {
  fullPath: string;
  children?: ResolvedRoute[];
}

/** What the router keeps in `handle` of every route, read through useMatches(). */
export interface RouteHandle {
  id: string;
  fullPath: string;
  meta?: RouteMeta;
}
