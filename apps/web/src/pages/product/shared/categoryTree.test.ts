import type { CategoryRow } from '@educrm/contract/products';
import { describe, expect, test } from 'vitest';
import { buildCategoryTree, categoryOptions, categoryPath, isLeaf, planMove, planStep } from './categoryTree';

const cat = (
  id: number,
  parentId: number | null,
  name: string,
  sort: number,
  more: Partial<CategoryRow> = {},
) =>
  ({
    id,
    parentId,
    name,
    icon: '',
    sort,
    status: 'ENABLED',
    productCount: 0,
    version: 1,
    ...more,
  }) as CategoryRow;

// 1 思维 (children 11 小学, 12 初中), 2 英语 (no children, 3 products), 3 编程 (no children)
const rows: CategoryRow[] = [
  cat(12, 1, '初中', 1, { productCount: 2 }),
  cat(1, null, '思维', 0),
  cat(2, null, '英语', 1, { productCount: 3 }),
  cat(11, 1, '小学', 0),
  cat(3, null, '编程', 2, { status: 'DISABLED' }),
];

describe('category tree', () => {
  test('builds roots and children in sort order', () => {
    const tree = buildCategoryTree(rows);
    expect(tree.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(tree[0]?.children.map((n) => n.id)).toEqual([11, 12]);
    expect(isLeaf(rows, 1)).toBe(false);
    expect(isLeaf(rows, 2)).toBe(true);
    expect(categoryPath(rows, 12)).toBe('思维 / 初中');
    expect(categoryPath(rows, 2)).toBe('英语');
    expect(categoryPath(rows, 99)).toBe('');
  });

  test('leaf pickers: parents only open, disabled ones cannot be chosen unless kept', () => {
    const options = categoryOptions(buildCategoryTree(rows), { leafOnly: true, disabledLabel: 'off' });
    expect(options[0]).toMatchObject({ value: 1, selectable: false });
    expect(options[0]?.children?.map((o) => o.value)).toEqual([11, 12]);
    expect(options[2]).toMatchObject({ value: 3, title: '编程 (off)', disabled: true });
    const kept = categoryOptions(buildCategoryTree(rows), { leafOnly: true, keep: 3 });
    expect(kept[2]?.disabled).toBeUndefined();
    const filter = categoryOptions(buildCategoryTree(rows), { disabledLabel: 'off', allowDisabled: true });
    expect(filter[2]).toEqual({ value: 3, title: '编程 (off)' });
  });

  test('reorders siblings', () => {
    expect(planMove(rows, 3, 1, 'before')).toEqual({
      items: [
        { id: 3, parentId: null, sort: 0 },
        { id: 1, parentId: null, sort: 1 },
        { id: 2, parentId: null, sort: 2 },
      ],
    });
    expect(planMove(rows, 11, 12, 'after')).toEqual({
      items: [
        { id: 12, parentId: 1, sort: 0 },
        { id: 11, parentId: 1, sort: 1 },
      ],
    });
  });

  test('moves a leaf root under another root, at the end', () => {
    expect(planMove(rows, 3, 1, 'inside')).toEqual({
      items: [
        { id: 11, parentId: 1, sort: 0 },
        { id: 12, parentId: 1, sort: 1 },
        { id: 3, parentId: 1, sort: 2 },
      ],
    });
    // a child back to the root level, after 英语
    expect(planMove(rows, 12, 2, 'after')).toMatchObject({
      items: [
        { id: 1, parentId: null },
        { id: 2, parentId: null },
        { id: 12, parentId: null },
        { id: 3, parentId: null },
      ],
    });
  });

  test('refuses a third level, parents with products, duplicate names and self', () => {
    expect(planMove(rows, 3, 11, 'inside')).toEqual({ error: 'depth' });
    expect(planMove(rows, 1, 2, 'inside')).toEqual({ error: 'depth' });
    expect(planMove(rows, 1, 11, 'before')).toEqual({ error: 'depth' });
    expect(planMove(rows, 3, 2, 'inside')).toEqual({ error: 'hasProducts' });
    expect(planMove([...rows, cat(13, 1, '编程', 2)], 3, 1, 'inside')).toEqual({ error: 'nameTaken' });
    expect(planMove(rows, 1, 1, 'after')).toEqual({ error: 'self' });
  });

  test('steps up and down among siblings', () => {
    expect(planStep(rows, 2, -1)).toMatchObject({ items: [{ id: 2 }, { id: 1 }, { id: 3 }] });
    expect(planStep(rows, 11, 1)).toMatchObject({ items: [{ id: 12 }, { id: 11 }] });
    expect(planStep(rows, 1, -1)).toBeNull();
    expect(planStep(rows, 12, 1)).toBeNull();
  });
});
