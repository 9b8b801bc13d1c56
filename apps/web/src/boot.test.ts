import { DEFAULT_PAGE_SIZE } from '@educrm/contract/list';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_SIZE, firstListCall } from './boot';
import { apiParamsOf, readListState } from './components/ResourceTable/listState';
import { flattenRoutes } from './router/paths';
import { resolvedLayoutRoutes } from './router/table';

const routeOf = (pathname: string) =>
  flattenRoutes(resolvedLayoutRoutes).find(
    (r) => r.page && matchPath({ path: r.fullPath, end: true }, pathname),
  );

describe('the list call a first load starts from the entry script', () => {
  it('is the call ResourceTable makes for the plain path (page 1, default size and sort)', () => {
    expect(FIRST_PAGE_SIZE).toBe(DEFAULT_PAGE_SIZE);
    for (const [path, url] of [
      ['/client/list', '/v1/clients'],
      ['/client/my-list', '/v1/clients/mine'],
    ] as const) {
      const call = firstListCall(routeOf(path), '');
      expect(call?.url).toBe(url);
      // ClientList passes defaultSort "-createdAt" and the default page size.
      const defaults = { pageSize: DEFAULT_PAGE_SIZE, sort: '-createdAt', sortable: ['createdAt'] };
      expect(call?.params).toEqual(
        apiParamsOf(readListState(new URLSearchParams(''), [], defaults), [], defaults),
      );
    }
  });

  it('is left to the page when the address has a query, and absent for pages without a list', () => {
    expect(firstListCall(routeOf('/client/list'), '?page=2')).toBeUndefined();
    expect(firstListCall(routeOf('/client/list'), '?keyword=%E5%BC%A0')).toBeUndefined();
    expect(firstListCall(routeOf('/client/list'), '?')).toEqual(firstListCall(routeOf('/client/list'), ''));
    expect(firstListCall(routeOf('/dashboard'), '')).toBeUndefined();
    expect(firstListCall(undefined, '')).toBeUndefined();
  });
});
