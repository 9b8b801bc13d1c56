import type { StaffOption } from '@educrm/contract/clients';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { listStaffOptions, poolKeys } from '../../../api/pool';

export const staffLabel = (s: Pick<StaffOption, 'nickname' | 'username'>) => `${s.nickname} (${s.username})`;

/**
 * Staff for pickers and filters, searched on the server by nickname or username (the caller's
 * data scope applies). Every staff member seen so far stays known, so chosen ids keep their names
 * while another search is shown.
 */
export const useStaffSearch = (keyword: string, enabled = true) => {
  const term = keyword.trim();
  const query = useQuery({
    queryKey: poolKeys.staff(term),
    queryFn: (ctx) => listStaffOptions(term || undefined, ctx),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    enabled,
  });
  const seen = useRef(new Map<number, StaffOption>());
  const items = query.data?.items;
  const known = useMemo(() => {
    for (const s of items ?? []) seen.current.set(s.id, s);
    return new Map(seen.current);
  }, [items]);
  return { items: items ?? [], known, loading: query.isFetching };
};
