import type { StaffOption } from '@educrm/contract/clients';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import {
  clientKeys,
  followUpKeys,
  getDictOptions,
  listClientTags,
  listStaffOptions,
  optionKeys,
} from '../../../api/clients';

/** Grades, source platforms and channels (forms and filters); they change rarely. */
export const useDictOptions = () => {
  const query = useQuery({
    queryKey: optionKeys.dict,
    queryFn: (ctx) => getDictOptions(ctx),
    staleTime: 5 * 60_000,
  });
  const data = query.data;
  const channelTree = useMemo(
    () =>
      (data?.channels ?? []).map((c) => ({
        value: c.id,
        title: c.name,
        children: c.children.map((k) => ({ value: k.id, title: k.name })),
      })),
    [data],
  );
  return {
    loading: query.isFetching,
    grades: data?.grades ?? [],
    platforms: data?.platforms ?? [],
    channels: data?.channels ?? [],
    channelTree,
  };
};

/** The local client tags (id, name, colour). */
export const useClientTags = () => {
  const query = useQuery({
    queryKey: optionKeys.tags,
    queryFn: (ctx) => listClientTags(ctx),
    staleTime: 60_000,
  });
  return { loading: query.isFetching, tags: query.data?.items ?? [] };
};

/**
 * Staff within the caller's scope (owner filter, assign / transfer targets), searched by name on
 * the server; `enabled: false` for users who do not need the list.
 */
export const useStaffOptions = (keyword = '', enabled = true) => {
  const term = keyword.trim();
  const query = useQuery({
    queryKey: optionKeys.staff(term),
    queryFn: (ctx) => listStaffOptions(term || undefined, ctx),
    staleTime: 60_000,
    enabled,
    placeholderData: (previous) => previous,
  });
  return { loading: query.isFetching, staff: query.data?.items ?? [] };
};

/** "Nickname (username)", or the username alone. */
export const staffLabel = (s: Pick<StaffOption, 'nickname' | 'username'>) =>
  s.nickname && s.nickname !== s.username ? `${s.nickname} (${s.username})` : s.username;

/** The departments that appear in a staff list (for the owner-department filter), by name. */
export const departmentsOf = (staff: readonly StaffOption[]) => {
  const byId = new Map<number, string>();
  for (const s of staff)
    if (s.departmentId !== null && s.departmentName) byId.set(s.departmentId, s.departmentName);
  return [...byId.entries()]
    .map(([id, name]) => ({ id, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh'));
};

/** After a client write: every client list, detail, timeline and follow-up list refetches. */
export const useRefreshClients = () => {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: followUpKeys.all }),
      ]).then(() => undefined),
    [queryClient],
  );
};
