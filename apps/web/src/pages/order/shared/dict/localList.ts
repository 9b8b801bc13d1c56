import type { ListParams, ListResult } from '../../../../api/list';

/** Code or name contains the keyword (case-insensitive); everything matches an empty keyword. */
export const matchesKeyword = (row: { code: string; name: string }, keyword: unknown): boolean => {
  const k = typeof keyword === 'string' ? keyword.trim().toLowerCase() : '';
  return !k || row.code.toLowerCase().includes(k) || row.name.toLowerCase().includes(k);
};

/** A filter value of the list parameters, or '' when it is not set. */
export const param = (params: ListParams, name: string): string => {
  const v = params[name];
  return v === undefined ? '' : String(v);
};

/** A whole (unpaginated) list as the table takes it: `total` counts every entry given. */
export const wholeList = <T>(items: T[], total = items.length): ListResult<T> => ({
  items,
  total,
  page: 1,
  pageSize: Math.max(1, items.length),
});
