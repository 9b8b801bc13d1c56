import type { WecomDepartmentRow, WecomTagGroupRow } from '@educrm/contract/wecom';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { listDepartments, listTags, wecomKeys } from '../../../api/wecom';
import type { SelectOption, TreeOption } from '../../../components/ResourceTable/listState';

/** The tag library (groups with their tags), shared by the tag page, the filters and the tag pickers. */
export const useTagLibrary = (enabled = true) =>
  useQuery({ queryKey: wecomKeys.tags, queryFn: listTags, staleTime: 30_000, enabled });

/** Tag options grouped by tag group, for a select (value = WeCom tag id). */
export const tagOptionsOf = (groups: readonly WecomTagGroupRow[] | undefined) =>
  (groups ?? []).map((g) => ({
    label: g.name,
    title: g.name,
    options: g.tags.map((tag) => ({ value: tag.tagId, label: tag.name })),
  }));

/** The same tags flat, for the list filter (the group named beside each tag). */
export const flatTagOptions = (groups: readonly WecomTagGroupRow[] | undefined): SelectOption[] =>
  (groups ?? []).flatMap((g) =>
    g.tags.map((tag) => ({ value: tag.tagId, label: `${g.name} / ${tag.name}`, search: tag.name })),
  );

/** Departments as a tree (by parent id within each corp), roots first. */
export const departmentTree = (rows: readonly WecomDepartmentRow[]): TreeOption[] => {
  const ids = new Set(rows.map((d) => `${d.corpId}|${d.deptId}`));
  const byParent = new Map<string, WecomDepartmentRow[]>();
  for (const d of rows) {
    const parent = ids.has(`${d.corpId}|${d.parentId}`) ? `${d.corpId}|${d.parentId}` : `${d.corpId}|root`;
    byParent.set(parent, [...(byParent.get(parent) ?? []), d]);
  }
  const build = (key: string, seen: Set<string>): TreeOption[] =>
    (byParent.get(key) ?? []).flatMap((d) => {
      const own = `${d.corpId}|${d.deptId}`;
      if (seen.has(own)) return [];
      const children = build(own, new Set([...seen, own]));
      return [
        { value: d.deptId, title: d.name || String(d.deptId), ...(children.length ? { children } : {}) },
      ];
    });
  const corps = [...new Set(rows.map((d) => d.corpId))];
  return corps.flatMap((corp) => build(`${corp}|root`, new Set()));
};

export const useDepartmentTree = () => {
  const query = useQuery({ queryKey: wecomKeys.departments, queryFn: listDepartments, staleTime: 60_000 });
  const tree = useMemo(() => departmentTree(query.data ?? []), [query.data]);
  return { tree, loading: query.isFetching };
};
