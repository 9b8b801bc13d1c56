import type { QueryFunctionContext } from '@tanstack/react-query';

/**
 * Lookups (dictionary options, client tags, staff options, the pool quota) are answered with
 * `Cache-Control: private, max-age` and an ETag (server lib/http-cache.ts), so a list page opened
 * or reloaded again soon makes its one list call and takes its lookups from the browser's cache.
 * After the console's own change the query is invalidated: its refetch then asks the server to
 * revalidate (`Cache-Control: max-age=0`, answered 304 when unchanged) instead of reading the
 * browser's now stale copy.
 */
export const lookupHeaders = (ctx?: Pick<QueryFunctionContext, 'client' | 'queryKey'>) =>
  ctx?.client.getQueryState(ctx.queryKey)?.isInvalidated ? { 'Cache-Control': 'max-age=0' } : undefined;

/** Lookup fetch options for request(): `headers` only when revalidating. */
export type LookupContext = Pick<QueryFunctionContext, 'client' | 'queryKey'>;
