import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { classOptions, courseKeys, courseStaffOptions } from '../../../api/courses';
import { getDictOptions } from '../../../api/orders';
import type { SelectOption } from '../../../components/ResourceTable/listState';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';
import { useOrderDicts } from '../../order/shared/lookups';

/**
 * Console users searched on the server (teacher pickers, owner filters); the `chosen` ids always
 * come back, so a chosen or URL-named user shows a name, never an id.
 */
export const useCourseStaff = (chosen: readonly number[] = []) => {
  const ids = chosen.filter((n) => Number.isFinite(n) && n > 0);
  return useServerOptions({
    key: (term) => [...courseKeys.staffOptions, term, ids.join(',')],
    fetch: async (term) => (await courseStaffOptions(term, ids)).items,
    toOption: (u) => ({
      value: u.id,
      label: u.name === u.username ? u.name : `${u.name} (${u.username})`,
      search: `${u.name} ${u.username}`,
    }),
    staleTime: 60_000,
  });
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

/** Classes searched on the server by name or code (live filters and the session form). */
export const useClassSearch = (chosen: readonly number[] = []) => {
  const ids = chosen.filter((n) => Number.isFinite(n) && n > 0);
  return useServerOptions({
    key: (term) => [...courseKeys.classOptions, term, null, ids.join(',')],
    fetch: async (term) => (await classOptions(term, undefined, ids)).items,
    toOption: (c) => ({ value: c.id, label: `${c.name} · ${c.code}`, search: `${c.name} ${c.code}` }),
  });
};
