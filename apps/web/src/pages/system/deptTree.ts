import type { DeptRow } from '@educrm/contract/system';

export interface DeptNode extends DeptRow {
  /** Absent on leaves (antd's tree table then shows no expand button). */
  children?: DeptNode[];
  depth: number;
}

const bySortThenName = (a: DeptRow, b: DeptRow) =>
  a.sort - b.sort || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * The department tree from the server's flat list (parentId). Siblings by sort, then name. A row
 * whose parent is missing (or that sits in a cycle) is shown at the top rather than lost.
 */
export const buildDeptTree = (rows: readonly DeptRow[]): DeptNode[] => {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, DeptRow[]>();
  for (const row of rows) {
    const parent =
      row.parentId !== null && ids.has(row.parentId) && row.parentId !== row.id ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const placed = new Set<number>();
  const build = (parent: number | null, depth: number): DeptNode[] =>
    (children.get(parent) ?? [])
      .slice()
      .sort(bySortThenName)
      .flatMap((row) => {
        if (placed.has(row.id)) return [];
        placed.add(row.id);
        const kids = build(row.id, depth + 1);
        return [{ ...row, depth, ...(kids.length ? { children: kids } : {}) }];
      });
  const roots = build(null, 0);
  // Rows caught in a parent cycle never hang from the root: show them at the top.
  const orphans = rows.filter((r) => !placed.has(r.id)).sort(bySortThenName);
  for (const row of orphans) {
    if (placed.has(row.id)) continue;
    placed.add(row.id);
    const kids = build(row.id, 1);
    roots.push({ ...row, depth: 0, ...(kids.length ? { children: kids } : {}) });
  }
  return roots;
};

/** The ids of a department and everything below it. */
export const subtreeIds = (rows: readonly DeptRow[], id: number): Set<number> => {
  const result = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows) {
      if (row.parentId !== null && result.has(row.parentId) && !result.has(row.id)) {
        result.add(row.id);
        grew = true;
      }
    }
  }
  return result;
};

/** Keeps the nodes whose name matches (and their ancestors), for a client-side search. */
export const filterDeptTree = (nodes: readonly DeptNode[], match: (node: DeptNode) => boolean): DeptNode[] =>
  nodes.flatMap((node) => {
    const kids = node.children ? filterDeptTree(node.children, match) : [];
    if (!match(node) && kids.length === 0) return [];
    return [{ ...node, ...(kids.length ? { children: kids } : { children: undefined }) }];
  });

export interface DeptOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: DeptOption[];
}

/** Tree-select options; `disabled` ids (e.g. a department and its subtree when moving it) greyed out. */
export const deptOptions = (
  nodes: readonly DeptNode[],
  disabled: ReadonlySet<number> = new Set(),
): DeptOption[] =>
  nodes.map((node) => ({
    value: node.id,
    title: node.name,
    ...(disabled.has(node.id) ? { disabled: true } : {}),
    ...(node.children ? { children: deptOptions(node.children, disabled) } : {}),
  }));
