import { SSR_STATE_ID } from '@educrm/contract/ssr';
import { hydrate, QueryClient } from '@tanstack/react-query';

/**
 * Server state of the pages (lists, details). Kept-alive pages refetch when shown again if their
 * data is stale, so lists use a 30 s stale time. Provided by the layout: the login page does not
 * load React Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/**
 * A page rendered on the server comes with the answers of its first calls (apps/web src/ssr): the
 * console starts from them instead of asking again. Read once; the element goes.
 */
const ssrState = typeof document === 'undefined' ? null : document.getElementById(SSR_STATE_ID);
if (ssrState) {
  try {
    hydrate(queryClient, JSON.parse(ssrState.textContent ?? 'null'));
  } catch {
    // Unreadable state: the pages make their calls as usual.
  }
  ssrState.remove();
}
