import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { listClients } from '../../../api/clients';
import { classOptions, courseKeys, courseStaffOptions } from '../../../api/courses';
import { getDictOptions } from '../../../api/orders';
import type { SelectOption } from '../../../components/ResourceTable/listState';
import { useDebounced, useOrderDicts } from '../../order/shared/lookups';

/**
 * Console users searched on the server (teacher pickers, owner filters); the `chosen` ids always
 * come back, so a chosen or URL-named user shows a name, never an id.
 */
export const useCourseStaff = (chosen: readonly number[] = []) => {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim());
  const ids = chosen.filter((n) => Number.isFinite(n) && n > 0);
  const query = useQuery({
    queryKey: [...courseKeys.staffOptions, settled, ids.join(',')],
    queryFn: () => courseStaffOptions(settled, ids),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo<SelectOption[]>(
    () =>
      (query.data?.items ?? []).map((u) => ({
        value: u.id,
        label: u.name === u.username ? u.name : `${u.name} (${u.username})`,
        search: `${u.name} ${u.username}`,
      })),
    [query.data],
  );
  return { options, onSearch: setKeyword, isFetching: query.isFetching };
};

/** Grades, source platforms and order channels (class form, class and member filters). */
export const useCourseDicts = () => {
  const dicts = useOrderDicts();
  const query = useQuery({ queryKey: ['dict', 'options'], queryFn: getDictOptions, staleTime: 5 * 60_000 });
  const grades = useMemo<SelectOption[]>(
    () => (query.data?.grades ?? []).map((g) => ({ value: g.id, label: g.name })),
    [query.data],
  );
  return { ...dicts, grades };
};

/** Clients searched by name or mobile (admin's "link to client"). */
export const useClientSearch = () => {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim());
  const query = useQuery({
    queryKey: ['course', 'client-search', settled],
    queryFn: () => listClients({ keyword: settled || undefined, pageSize: 20, page: 1 }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo<SelectOption[]>(
    () =>
      (query.data?.items ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} · ${c.mobile}`,
        search: `${c.name} ${c.mobile}`,
      })),
    [query.data],
  );
  return { options, onSearch: setKeyword, isFetching: query.isFetching };
};

/** Classes searched on the server by name or code (live filters and the session form). */
export const useClassSearch = (chosen: readonly number[] = []) => {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim());
  const ids = chosen.filter((n) => Number.isFinite(n) && n > 0);
  const query = useQuery({
    queryKey: [...courseKeys.classOptions, settled, null, ids.join(',')],
    queryFn: () => classOptions(settled, undefined, ids),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const options = useMemo<SelectOption[]>(
    () =>
      (query.data?.items ?? []).map((c) => ({
        value: c.id,
        label: `${c.name} · ${c.code}`,
        search: `${c.name} ${c.code}`,
      })),
    [query.data],
  );
  return { options, onSearch: setKeyword, isFetching: query.isFetching };
};
