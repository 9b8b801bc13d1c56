/**
 * The server-rendered first paint of a signed-in page: what the API server (apps/server
 * src/plugins/ssr.ts) and the render worker of the web build (apps/web src/ssr/worker.ts) say to
 * each other over a worker thread's messages. The worker renders; every API call it needs is made
 * by the server in-process with the request's own token (same access checks and data scope as the
 * browser's call), so the worker never sees the token.
 */

/** What the server knows of the page request. */
export interface SsrRenderInput {
  /** Path and query, as requested (`/client/list?page=2`). */
  url: string;
  /** The `language` cookie, if any. */
  languageCookie?: string;
  /** The request's Accept-Language header, if any. */
  acceptLanguage?: string;
  /** The `size` cookie, if any. */
  sizeCookie?: string;
  /** The `sidebarStatus` cookie, if any. */
  sidebarCookie?: string;
  /** The layout settings cookie (SETTINGS_COOKIE), if any. */
  settingsCookie?: string;
  /** The device cookie (DEVICE_COOKIE): `mobile` when the browser's window was narrow last time. */
  deviceCookie?: string;
}

/** An API call the worker asks the server to make for the render (GET, or POST without a body). */
export interface SsrApiCall {
  method: 'GET' | 'POST';
  /** Path and query under /api, e.g. `/api/v1/client/list?page=1&pageSize=20`. */
  url: string;
  /** The Accept-Language the console sends with it (its UI language). */
  acceptLanguage?: string;
}

export interface SsrApiAnswer {
  status: number;
  /** The parsed JSON body (the envelope), or null. */
  body: unknown;
}

/** A rendered page, ready to be put into index.html. */
export interface SsrPage {
  ok: true;
  /** The markup of #root's content (the layout and the page). */
  markup: string;
  /** antd's CSS-in-JS rules the render used that the prebuilt stylesheets do not have. */
  styles: string;
  /** document.title and <html lang>. */
  title: string;
  lang: string;
  /** The page chunk's own files (beyond the entry's and the layout's): stylesheets and scripts. */
  css: string[];
  js: string[];
  /** Whether the page needs antd's business-page stylesheet (every page but the dashboard). */
  pageStyles: boolean;
  /** React Query's dehydrated state of the calls the render answered, as JSON text. */
  state: string;
}

/** Not rendered: the server answers plain index.html and the console renders as without SSR. */
export interface SsrSkip {
  ok: false;
  reason: string;
}

export type SsrResult = SsrPage | SsrSkip;

export type SsrToWorker =
  | { type: 'render'; id: number; input: SsrRenderInput }
  | { type: 'api'; id: number; call: number; answer: SsrApiAnswer };

export type SsrFromWorker =
  | { type: 'ready' }
  | { type: 'api'; id: number; call: number; request: SsrApiCall }
  | { type: 'done'; id: number; result: SsrResult };

/** Marks the server-rendered paint inside #root (the console renders over it: src/main.tsx). */
export const SSR_PAINT_ATTR = 'data-ssr';
/** The <script type="application/json"> element with the render's React Query state. */
export const SSR_STATE_ID = 'ssr-state';
/** index.html's #root as the build writes it: the loading state shown until React renders. */
export const ROOT_PLACEHOLDER =
  '<div id="root"><div class="app-loading" aria-hidden="true"><span class="app-loading__spinner"></span></div></div>';
/**
 * The layout settings a first paint depends on (theme colour, tags bar, fixed header, sidebar
 * logo), mirrored by the console from its localStorage into this cookie as JSON, so the server
 * renders the layout the user chose (apps/web src/stores/settings.ts).
 */
export const SETTINGS_COOKIE = 'layoutSettings';
/**
 * The browser's time zone (IANA name), written by the console on every load: the console shows
 * times in the browser's zone, so the server renders a page only for a browser in its own zone.
 */
export const TIME_ZONE_COOKIE = 'timeZone';
/**
 * `mobile` or `desktop`: what the console's window was last (body under 992 px is mobile), written
 * by the layout when it changes, so the server renders a narrow window's layout (no sidebar).
 */
export const DEVICE_COOKIE = 'device';
/** The folder of the web build with the server render (`<dist>/server/`): never served as files. */
export const SSR_DIR = 'server';
