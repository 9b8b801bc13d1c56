import { QueryClient } from '@tanstack/react-query';

/**
 * Server state of the pages (lists, details). Kept-alive pages refetch when shown again if their
 * data is stale, so lists use a 30 s stale time. Provided by the layout: the login page does not
 * load React Query.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});
