import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * The console's pages as they load when the server has not rendered them (a render that did not
 * finish within its budget, or SERVER_RENDER=0): every page request of `page` is answered with
 * index.html as built, so the console's own first states (spinners, early calls) can be seen. The
 * server's render would otherwise bring the page's first answers along. Returns the undo.
 */
export const withoutServerRender = async (page: Page, baseURL: string): Promise<() => Promise<void>> => {
  const res = await fetch(`${baseURL}/index.html`);
  if (!res.ok) throw new Error(`index.html: ${res.status}`);
  const html = await res.text();
  const isPage = (url: URL) =>
    url.origin === baseURL && !url.pathname.startsWith('/api/') && !path.posix.extname(url.pathname);
  const handler = (route: Parameters<Parameters<Page['route']>[1]>[0]) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html })
      : route.fallback();
  await page.route(isPage, handler);
  return () => page.unroute(isPage, handler);
};
