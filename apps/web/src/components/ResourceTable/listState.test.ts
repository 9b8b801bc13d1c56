import type dayjs from 'dayjs';
import { describe, expect, test } from 'vitest';
import {
  apiParamsOf,
  cleanSort,
  dateRangePresets,
  type FilterField,
  filterParamsOf,
  filtersOf,
  formValuesOf,
  type ListDefaults,
  readListState,
  shanghaiDayStartOf,
  sortFor,
  sortOrderOf,
  totalLabel,
  writeListState,
} from './listState';

const fields: FilterField[] = [
  { type: 'text', name: 'username', label: 'Username' },
  { type: 'select', name: 'status', label: 'Status', options: [{ value: 'ENABLED', label: 'On' }] },
  { type: 'select', name: 'roleId', label: 'Role', options: [], numeric: true },
  { type: 'select', name: 'tags', label: 'Tags', options: [], multiple: true, numeric: true },
  { type: 'treeSelect', name: 'departmentId', label: 'Dept', treeData: [], numeric: true },
  { type: 'dateRange', name: 'created', label: 'Created', from: 'createdFrom', to: 'createdTo' },
  { type: 'numberRange', name: 'amount', label: 'Amount', min: 'amountMin', max: 'amountMax' },
];
const defaults: ListDefaults = {
  pageSize: 20,
  sort: '-createdAt',
  sortable: ['createdAt', 'username', 'id'],
};

describe('URL -> list state', () => {
  test('a plain URL is page 1 with the defaults and no filters', () => {
    expect(readListState(new URLSearchParams(''), fields, defaults)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '',
      filters: {},
    });
  });

  test('reads page, page size, sort and every kind of filter', () => {
    const search = new URLSearchParams(
      'page=3&pageSize=50&sort=username,-id&username=ann&status=ENABLED&roleId=4&tags=1,2&departmentId=9' +
        '&createdFrom=2026-01-01&createdTo=2026-01-31&amountMin=10&amountMax=99.5&tab=locks',
    );
    expect(readListState(search, fields, defaults)).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'username,-id',
      filters: {
        username: 'ann',
        status: 'ENABLED',
        roleId: '4',
        tags: '1,2',
        departmentId: '9',
        createdFrom: '2026-01-01',
        createdTo: '2026-01-31',
        amountMin: '10',
        amountMax: '99.5',
      },
    });
  });

  test('a hand-edited link cannot smuggle garbage: bad values fall back or are dropped', () => {
    const search = new URLSearchParams(
      'page=-2&pageSize=500&sort=password,-username&roleId=abc&tags=1,x&createdFrom=2026-02-31&createdTo=yesterday&amountMin=1e9',
    );
    expect(readListState(search, fields, defaults)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-username',
      filters: {},
    });
    expect(cleanSort('nope', ['a'])).toBe('');
  });
});

describe('list state -> URL', () => {
  test('defaults are left out, other parameters of the page are kept', () => {
    const base = new URLSearchParams('tab=locks&page=9&username=old');
    const url = writeListState(
      { page: 1, pageSize: 20, sort: '-createdAt', filters: {} },
      fields,
      defaults,
      base,
    );
    expect(url.toString()).toBe('tab=locks');
  });

  test('round trip: what is written is read back the same', () => {
    const state = {
      page: 2,
      pageSize: 100,
      sort: 'username',
      filters: {
        username: '张 三',
        departmentId: '9',
        createdFrom: '2026-03-01',
        createdTo: '2026-03-02',
        tags: '3,4',
      },
    };
    const url = writeListState(state, fields, defaults);
    expect(url.get('username')).toBe('张 三');
    expect(readListState(new URLSearchParams(url.toString()), fields, defaults)).toEqual(state);
  });
});

describe('list state -> API parameters', () => {
  test('ids as numbers, days as the Shanghai instants bounding them, the default sort when none chosen', () => {
    const params = apiParamsOf(
      {
        page: 2,
        pageSize: 20,
        sort: '',
        filters: {
          username: 'ann',
          roleId: '4',
          tags: '1,2',
          createdFrom: '2026-01-01',
          createdTo: '2026-01-31',
          amountMin: '10',
        },
      },
      fields,
      defaults,
    );
    expect(params).toEqual({
      page: 2,
      pageSize: 20,
      sort: '-createdAt',
      username: 'ann',
      roleId: 4,
      tags: '1,2',
      createdFrom: '2025-12-31T16:00:00.000Z',
      createdTo: '2026-01-31T15:59:59.999Z',
      amountMin: 10,
    });
    expect(shanghaiDayStartOf('2026-06-15').toISOString()).toBe('2026-06-14T16:00:00.000Z');
  });

  test('export parameters are the filters only', () => {
    expect(
      filterParamsOf({ page: 3, pageSize: 50, sort: 'id', filters: { status: 'ENABLED' } }, fields),
    ).toEqual({ status: 'ENABLED' });
  });
});

describe('search form values <-> URL filters', () => {
  test('URL filters become form values and back', () => {
    const filters = {
      username: 'ann',
      roleId: '4',
      tags: '1,2',
      departmentId: '9',
      createdFrom: '2026-01-01',
      createdTo: '2026-01-31',
      amountMax: '5',
    };
    const values = formValuesOf(filters, fields);
    expect(values.username).toBe('ann');
    expect(values.roleId).toBe(4);
    expect(values.tags).toEqual([1, 2]);
    expect(values.departmentId).toBe(9);
    expect((values.created as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-01-01',
      '2026-01-31',
    ]);
    expect(values.amount).toEqual([null, 5]);
    expect(filtersOf(values, fields)).toEqual(filters);
  });

  test('empty and blank values are dropped, text is trimmed', () => {
    expect(
      filtersOf(
        { username: '   ', status: undefined, tags: [], created: null, amount: [null, null] },
        fields,
      ),
    ).toEqual({});
    expect(filtersOf({ username: ' bob ' }, fields)).toEqual({ username: 'bob' });
  });
});

describe('sorting and date presets', () => {
  test('column sort order from the sort string and back', () => {
    expect(sortOrderOf('-createdAt', 'createdAt')).toBe('descend');
    expect(sortOrderOf('username,-id', 'username')).toBe('ascend');
    expect(sortOrderOf('username,-id', 'id')).toBeNull();
    expect(sortFor('createdAt', 'descend')).toBe('-createdAt');
    expect(sortFor('username', 'ascend')).toBe('username');
    expect(sortFor('username', null)).toBe('');
  });

  test('presets are the spec shortcuts as Shanghai calendar days', () => {
    // 2026-03-10 01:00 in Shanghai is still 2026-03-09 in UTC.
    const presets = dateRangePresets(new Date('2026-03-09T17:00:00Z'));
    const days = Object.fromEntries(
      presets.map((p) => [p.key, p.value.map((d) => d.format('YYYY-MM-DD')).join('..')]),
    );
    expect(days).toEqual({
      today: '2026-03-10..2026-03-10',
      yesterday: '2026-03-09..2026-03-09',
      last7: '2026-03-04..2026-03-10',
      last30: '2026-02-09..2026-03-10',
      last90: '2025-12-11..2026-03-10',
    });
  });
});

describe('totalLabel', () => {
  test('exact totals with thousands separators; a capped total reads "10,000+"', () => {
    expect(totalLabel(1234, true)).toEqual({ key: 'table.total', params: { total: '1,234' } });
    expect(totalLabel(7, undefined)).toEqual({ key: 'table.total', params: { total: '7' } });
    expect(totalLabel(10_000, false)).toEqual({ key: 'table.totalCapped', params: { total: '10,000' } });
  });
});
