import { MAX_PAGE_SIZE } from '@educrm/contract/list';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { dateRangeShortcuts, SHANGHAI_OFFSET_MS } from '../../utils/date-range';
import { toThousand } from '../../utils/number';

/**
 * A list's state (page, page size, sort, filters) as URL query parameters and back, and as the
 * parameters of the list call. Pure functions; ResourceTable keeps the state in the page's own URL
 * so that a refreshed tab or a shared link shows the same list.
 *
 * URL form: `page=2&pageSize=50&sort=-createdAt&username=ann&createdFrom=2026-01-01&createdTo=2026-01-31`
 * (defaults are left out). Dates are Asia/Shanghai calendar days (DOMAIN decision 11); the list call
 * gets the instants that bound them.
 */

export interface SelectOption {
  value: string | number;
  label: ReactNode;
  /** Text matched by the select's search box (defaults to the label when it is a string). */
  search?: string;
  /** The option's tooltip (a staff member's department). */
  title?: string;
}

export interface TreeOption {
  value: string | number;
  title: ReactNode;
  children?: TreeOption[];
  disabled?: boolean;
}

interface FieldBase {
  /** Form field name; also the URL and API parameter of single-value fields. */
  name: string;
  label: string;
  placeholder?: string;
}

/** The search form's fields. `numeric`: the value is an id (digits only in the URL, a number in the form). */
export type FilterField =
  | (FieldBase & { type: 'text' })
  | (FieldBase & {
      type: 'select';
      options: readonly SelectOption[];
      multiple?: boolean;
      numeric?: boolean;
      loading?: boolean;
      /** Server-side search: called with the typed text; the page supplies matching options. */
      onSearch?: (text: string) => void;
    })
  | (FieldBase & {
      type: 'treeSelect';
      treeData: readonly TreeOption[];
      numeric?: boolean;
      loading?: boolean;
    })
  /** `from`/`to`: the URL and API parameters of the first and last day. */
  | (FieldBase & { type: 'dateRange'; from: string; to: string })
  /** `min`/`max`: the URL and API parameters of the bounds. */
  | (FieldBase & { type: 'numberRange'; min: string; max: string });

export interface ListState {
  page: number;
  pageSize: number;
  /** `field,-field`, as the API takes it; '' = the list's default order. */
  sort: string;
  /** URL parameter -> value, as written in the URL (only set ones). */
  filters: Record<string, string>;
}

export interface ListDefaults {
  pageSize: number;
  /** The order used when the URL names none. */
  sort: string;
  /** The fields the server may sort by; anything else in the URL is dropped. */
  sortable: readonly string[];
}

export const PAGE_SIZES = [10, 20, 50, 100].filter((n) => n <= MAX_PAGE_SIZE);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,15}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The URL parameters a field owns. */
export const urlKeysOf = (field: FilterField): string[] => {
  if (field.type === 'dateRange') return [field.from, field.to];
  if (field.type === 'numberRange') return [field.min, field.max];
  return [field.name];
};

const isNumeric = (field: FilterField) =>
  (field.type === 'select' || field.type === 'treeSelect') && field.numeric === true;

/** Whether a URL value fits its field (a hand-edited link must not reach the server as garbage). */
const validValue = (field: FilterField, key: string, value: string): boolean => {
  if (field.type === 'dateRange') return DATE.test(value) && dayjs(value).format('YYYY-MM-DD') === value;
  if (field.type === 'numberRange') return NUMBER.test(value);
  if (isNumeric(field)) {
    const parts = field.type === 'select' && field.multiple ? value.split(',') : [value];
    return parts.every((p) => ID.test(p));
  }
  return key.length > 0 && value.length <= 200;
};

const positiveInt = (raw: string | null, fallback: number, max = 1_000_000) => {
  if (!raw || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : fallback;
};

/** Keeps the whitelisted parts of `field,-field`; '' when none is left. */
export const cleanSort = (sort: string | null, sortable: readonly string[]): string =>
  (sort ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && sortable.includes(p.replace(/^-/, '')))
    .join(',');

/** The list state a URL describes; anything unknown or malformed falls back to the defaults. */
export const readListState = (
  search: URLSearchParams,
  fields: readonly FilterField[],
  defaults: ListDefaults,
): ListState => {
  const filters: Record<string, string> = {};
  for (const field of fields) {
    for (const key of urlKeysOf(field)) {
      const value = search.get(key)?.trim();
      if (value && validValue(field, key, value)) filters[key] = value;
    }
  }
  const pageSize = positiveInt(search.get('pageSize'), defaults.pageSize, MAX_PAGE_SIZE);
  return {
    page: positiveInt(search.get('page'), 1),
    pageSize,
    sort: cleanSort(search.get('sort'), defaults.sortable),
    filters,
  };
};

/**
 * The URL query of a list state on top of `base` (the page's other parameters, e.g. a tab, are
 * kept); defaults are left out so that a plain list has a plain URL.
 */
export const writeListState = (
  state: ListState,
  fields: readonly FilterField[],
  defaults: ListDefaults,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams => {
  const next = new URLSearchParams(base);
  for (const key of ['page', 'pageSize', 'sort', ...fields.flatMap(urlKeysOf)]) next.delete(key);
  if (state.page > 1) next.set('page', String(state.page));
  if (state.pageSize !== defaults.pageSize) next.set('pageSize', String(state.pageSize));
  if (state.sort && state.sort !== defaults.sort) next.set('sort', state.sort);
  for (const field of fields) {
    for (const key of urlKeysOf(field)) {
      const value = state.filters[key];
      if (value) next.set(key, value);
    }
  }
  return next;
};

/** Midnight (Asia/Shanghai) that starts a calendar day 'YYYY-MM-DD'. */
export const shanghaiDayStartOf = (day: string): Date => {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) - SHANGHAI_OFFSET_MS);
};

/** The Asia/Shanghai calendar day of an instant, 'YYYY-MM-DD'. */
export const shanghaiDayOf = (at: Date): string =>
  new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/**
 * The list call's parameters: page, pageSize, sort (the default when none is chosen) and the
 * filters, ids as numbers and days as the instants bounding them (first day 00:00, last day
 * 23:59:59.999, Shanghai).
 */
export const apiParamsOf = (
  state: ListState,
  fields: readonly FilterField[],
  defaults: Pick<ListDefaults, 'sort'>,
): Record<string, string | number> => {
  const params: Record<string, string | number> = { page: state.page, pageSize: state.pageSize };
  const sort = state.sort || defaults.sort;
  if (sort) params.sort = sort;
  for (const field of fields) {
    if (field.type === 'dateRange') {
      const from = state.filters[field.from];
      const to = state.filters[field.to];
      if (from) params[field.from] = shanghaiDayStartOf(from).toISOString();
      if (to) params[field.to] = new Date(shanghaiDayStartOf(to).getTime() + DAY_MS - 1).toISOString();
      continue;
    }
    if (field.type === 'numberRange') {
      for (const key of [field.min, field.max]) {
        const v = state.filters[key];
        if (v !== undefined) params[key] = Number(v);
      }
      continue;
    }
    const value = state.filters[field.name];
    if (value === undefined) continue;
    params[field.name] =
      isNumeric(field) && !(field.type === 'select' && field.multiple) ? Number(value) : value;
  }
  return params;
};

/** The filters only (for exports, which take the list's filters without paging). */
export const filterParamsOf = (state: ListState, fields: readonly FilterField[]) => {
  const { page: _page, pageSize: _size, sort: _sort, ...rest } = apiParamsOf(state, fields, { sort: '' });
  return rest;
};

export type FormValue = string | number | (string | number)[] | [Dayjs | null, Dayjs | null] | undefined;

/** What the search form shows for the URL's filters. */
export const formValuesOf = (
  filters: Record<string, string>,
  fields: readonly FilterField[],
): Record<string, unknown> => {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'dateRange') {
      const from = filters[field.from];
      const to = filters[field.to];
      values[field.name] = from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined;
    } else if (field.type === 'numberRange') {
      const min = filters[field.min];
      const max = filters[field.max];
      values[field.name] = [min === undefined ? null : Number(min), max === undefined ? null : Number(max)];
    } else {
      const raw = filters[field.name];
      if (raw === undefined) values[field.name] = undefined;
      else if (field.type === 'select' && field.multiple)
        values[field.name] = raw.split(',').map((v) => (field.numeric ? Number(v) : v));
      else values[field.name] = isNumeric(field) ? Number(raw) : raw;
    }
  }
  return values;
};

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** The URL filters of what the search form holds (empty values dropped). */
export const filtersOf = (
  values: Record<string, unknown>,
  fields: readonly FilterField[],
): Record<string, string> => {
  const filters: Record<string, string> = {};
  const put = (key: string, v: string) => {
    if (v) filters[key] = v;
  };
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'dateRange') {
      const [from, to] = (Array.isArray(value) ? value : []) as (Dayjs | null | undefined)[];
      if (from) put(field.from, from.format('YYYY-MM-DD'));
      if (to) put(field.to, to.format('YYYY-MM-DD'));
    } else if (field.type === 'numberRange') {
      const [min, max] = (Array.isArray(value) ? value : []) as (number | null | undefined)[];
      if (typeof min === 'number' && Number.isFinite(min)) put(field.min, String(min));
      if (typeof max === 'number' && Number.isFinite(max)) put(field.max, String(max));
    } else if (Array.isArray(value)) {
      put(field.name, value.map(text).filter(Boolean).join(','));
    } else {
      put(field.name, text(value));
    }
  }
  return filters;
};

/** The date-range picker's presets (spec section 9) as Shanghai calendar days. */
export const dateRangePresets = (now: Date = new Date()) =>
  dateRangeShortcuts(now).map(({ key, range: [from, to] }) => ({
    key,
    value: [dayjs(shanghaiDayOf(from)), dayjs(shanghaiDayOf(to))] as [Dayjs, Dayjs],
  }));

/** Antd's single-column sort of a column's sort field within `field,-field`. */
export const sortOrderOf = (sort: string, field: string): 'ascend' | 'descend' | null => {
  const first = sort.split(',')[0] ?? '';
  if (first === field) return 'ascend';
  if (first === `-${field}`) return 'descend';
  return null;
};

/** The sort string for a click on a column header (antd order; null = back to the default). */
export const sortFor = (field: string | undefined, order: 'ascend' | 'descend' | null | undefined): string =>
  field && order ? `${order === 'descend' ? '-' : ''}${field}` : '';

/**
 * The pager's total: exact ("Total 1,234"), or capped by the server ("Total 10,000+") when it
 * stopped counting (`totalExact: false`). An i18n key with its parameters.
 */
export const totalLabel = (total: number, exact: boolean | undefined) => ({
  key: exact === false ? 'table.totalCapped' : 'table.total',
  params: { total: toThousand(total) },
});
