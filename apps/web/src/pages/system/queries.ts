import type { AdminUserRow } from '@educrm/contract/system';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getAdminUser, listAdminUsers, listDepartments, listRoles, systemKeys } from '../../api/system';
import { buildDeptTree, deptOptions } from './deptTree';

/** Departments (flat, from the server) and their tree; shared by the system pages' forms and filters. */
export const useDepartments = () => {
  const query = useQuery({ queryKey: systemKeys.depts, queryFn: listDepartments, staleTime: 30_000 });
  const rows = query.data?.items;
  const tree = useMemo(() => buildDeptTree(rows ?? []), [rows]);
  const options = useMemo(() => deptOptions(tree), [tree]);
  return { ...query, rows: rows ?? [], tree, options };
};

export const useRoles = () => {
  const query = useQuery({ queryKey: systemKeys.roles, queryFn: listRoles, staleTime: 30_000 });
  return { ...query, roles: query.data?.items ?? [] };
};

/**
 * Admin users for a picker (leader, operator): up to 20 whose nickname or username contains the
 * typed text, plus the ones already chosen (so a chosen id always shows its name).
 */
export const useUserSearch = (text: string, chosen: readonly number[] = []) => {
  const term = text.trim();
  const search = useQuery({
    queryKey: [...systemKeys.users, 'search', term],
    queryFn: async () => {
      const base = { page: 1, pageSize: 20, sort: 'username' };
      const calls = [listAdminUsers(term ? { ...base, nickname: term } : base)];
      if (term && /^[\w-]{1,16}$/.test(term)) calls.push(listAdminUsers({ ...base, username: term }));
      const lists = await Promise.all(calls);
      const byId = new Map(lists.flatMap((l) => l.items).map((u) => [u.id, u]));
      return [...byId.values()];
    },
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  const missing = chosen.filter((id) => !search.data?.some((u) => u.id === id));
  const extra = useQuery({
    queryKey: [...systemKeys.users, 'by-id', missing],
    queryFn: () => Promise.all(missing.map((id) => getAdminUser(id).catch(() => null))),
    enabled: missing.length > 0,
    staleTime: 30_000,
  });
  const found = search.data;
  const added = extra.data;
  const users = useMemo(
    () => [...(found ?? []), ...(added ?? []).filter((u): u is AdminUserRow => u !== null)],
    [found, added],
  );
  return { users, loading: search.isFetching };
};
