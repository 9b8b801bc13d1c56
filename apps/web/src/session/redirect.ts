/**
 * The login page's `redirect` target is honoured only when it is a path of this origin: one
 * leading "/" (not "//" nor "/\", which browsers read as another host). Anything else goes home.
 */
export const safeRedirect = (raw: string | null | undefined, origin: string): string => {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin) return '/';
    if (url.pathname === '/login' || url.pathname.startsWith('/login/')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
};

/** `/login?redirect=<path with its query, encoded>` (spec section 2, with the query kept). */
export const loginPath = (fullPath: string): string =>
  `/login?redirect=${encodeURIComponent(fullPath || '/')}`;
