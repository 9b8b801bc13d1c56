import type { CategoryRow } from '@educrm/contract/products';

/**
 * Product categories as a tree (at most two levels; products on leaves only) and the plans of drag
 * and drop moves. Pure functions, unit tested.
 */

export interface CategoryNode extends CategoryRow {
  children: CategoryNode[];
}

const bySort = (a: CategoryRow, b: CategoryRow) => a.sort - b.sort || a.id - b.id;

/** Roots with their children, both in display order (sort, then id). */
export const buildCategoryTree = (rows: readonly CategoryRow[]): CategoryNode[] => {
  const nodes = new Map(rows.map((r) => [r.id, { ...r, children: [] as CategoryNode[] }]));
  const roots: CategoryNode[] = [];
  for (const node of [...nodes.values()].sort(bySort)) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
};

/** A leaf takes products: a category without children. */
export const isLeaf = (rows: readonly CategoryRow[], id: number) => !rows.some((r) => r.parentId === id);

/** "Parent / Child" (or just the name of a root). */
export const categoryPath = (rows: readonly CategoryRow[], id: number | null | undefined): string => {
  const row = rows.find((r) => r.id === id);
  if (!row) return '';
  const parent = row.parentId === null ? undefined : rows.find((r) => r.id === row.parentId);
  return parent ? `${parent.name} / ${row.name}` : row.name;
};

export interface CategoryOption {
  value: number;
  title: string;
  selectable?: boolean;
  disabled?: boolean;
  children?: CategoryOption[];
}

/**
 * Options of a picker. `leafOnly`: only leaves can be chosen (products attach there); a parent only
 * opens. Disabled categories cannot be chosen, except `keep` (the value a record already has), or
 * any of them with `allowDisabled` (list filters: their products are still there).
 */
export const categoryOptions = (
  tree: readonly CategoryNode[],
  opts: { leafOnly?: boolean; disabledLabel?: string; keep?: number | null; allowDisabled?: boolean } = {},
): CategoryOption[] => {
  const toOption = (node: CategoryNode): CategoryOption => {
    const off = node.status === 'DISABLED';
    const hasChildren = node.children.length > 0;
    return {
      value: node.id,
      title: off && opts.disabledLabel ? `${node.name} (${opts.disabledLabel})` : node.name,
      ...(opts.leafOnly && hasChildren ? { selectable: false } : {}),
      ...(off && !opts.allowDisabled && node.id !== opts.keep && (!hasChildren || opts.leafOnly !== true)
        ? { disabled: true }
        : {}),
      ...(hasChildren ? { children: node.children.map(toOption) } : {}),
    };
  };
  return tree.map(toOption);
};

export type MovePosition = 'before' | 'after' | 'inside';
export interface ReorderItem {
  id: number;
  parentId: number | null;
  sort: number;
}
/** A move's plan: the items to send to POST reorder, or why the move is not allowed (i18n key). */
export type MovePlan = { items: ReorderItem[] } | { error: 'depth' | 'hasProducts' | 'nameTaken' | 'self' };

/**
 * Drag `dragId` before, after or inside `targetId`. Rules (the server checks them too): two levels
 * at most (only a root takes children, and a category with children stays a root), a category that
 * holds products takes no children, names are unique among siblings. The new siblings get sorts
 * 0, 1, 2… in their new order.
 */
export const planMove = (
  rows: readonly CategoryRow[],
  dragId: number,
  targetId: number,
  position: MovePosition,
): MovePlan => {
  const drag = rows.find((r) => r.id === dragId);
  const target = rows.find((r) => r.id === targetId);
  if (!drag || !target || dragId === targetId) return { error: 'self' };
  const parentId = position === 'inside' ? target.id : target.parentId;
  if (parentId !== null) {
    const parent = rows.find((r) => r.id === parentId);
    if (!parent || parent.parentId !== null || !isLeaf(rows, drag.id)) return { error: 'depth' };
    if (parent.productCount > 0 && drag.parentId !== parentId) return { error: 'hasProducts' };
  }
  if (
    drag.parentId !== parentId &&
    rows.some((r) => r.parentId === parentId && r.id !== drag.id && r.name === drag.name)
  )
    return { error: 'nameTaken' };
  const siblings = rows.filter((r) => r.parentId === parentId && r.id !== drag.id).sort(bySort);
  const at = position === 'inside' ? siblings.length : siblings.findIndex((r) => r.id === target.id);
  const order = [...siblings];
  order.splice(position === 'after' ? at + 1 : at, 0, drag);
  return { items: order.map((r, sort) => ({ id: r.id, parentId, sort })) };
};

/** Move up (-1) or down (+1) among its siblings (the keyboard's way to reorder); null at an end. */
export const planStep = (rows: readonly CategoryRow[], id: number, delta: -1 | 1): MovePlan | null => {
  const row = rows.find((r) => r.id === id);
  if (!row) return null;
  const siblings = rows.filter((r) => r.parentId === row.parentId).sort(bySort);
  const index = siblings.findIndex((r) => r.id === id);
  const other = siblings[index + delta];
  if (!other) return null;
  return planMove(rows, id, other.id, delta < 0 ? 'before' : 'after');
};
