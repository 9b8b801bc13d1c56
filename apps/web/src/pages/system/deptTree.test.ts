import type { DeptRow } from '@educrm/contract/system';
import { describe, expect, test } from 'vitest';
import { buildDeptTree, deptOptions, filterDeptTree, subtreeIds } from './deptTree';

const row = (id: number, parentId: number | null, name: string, sort = 0): DeptRow => ({
  id,
  parentId,
  name,
  sort,
  leaderUserId: null,
  leaderName: null,
  status: 'ENABLED',
  userCount: 0,
  version: 1,
});

const rows = [
  row(1, null, 'HQ'),
  row(2, 1, 'Sales', 2),
  row(3, 1, 'Ops', 1),
  row(4, 2, 'Sales East'),
  row(5, 99, 'Lost parent'),
];

describe('buildDeptTree', () => {
  test('nests by parentId, siblings by sort; a row with a missing parent goes to the top', () => {
    const tree = buildDeptTree(rows);
    expect(tree.map((n) => n.name)).toEqual(['HQ', 'Lost parent']);
    expect(tree[0]?.children?.map((n) => n.name)).toEqual(['Ops', 'Sales']);
    expect(tree[0]?.children?.[1]?.children?.map((n) => [n.name, n.depth])).toEqual([['Sales East', 2]]);
    expect(tree[1]?.children).toBeUndefined();
  });

  test('a parent cycle does not lose rows or loop', () => {
    const tree = buildDeptTree([row(1, 2, 'A'), row(2, 1, 'B')]);
    const names: string[] = [];
    const walk = (nodes: typeof tree) => {
      for (const n of nodes) {
        names.push(n.name);
        walk(n.children ?? []);
      }
    };
    walk(tree);
    expect(names.sort()).toEqual(['A', 'B']);
  });
});

describe('subtree, filter and options', () => {
  test('a department and everything below it', () => {
    expect([...subtreeIds(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...subtreeIds(rows, 2)].sort()).toEqual([2, 4]);
  });

  test('search keeps matches and their ancestors', () => {
    const found = filterDeptTree(buildDeptTree(rows), (n) => n.name.includes('East'));
    expect(found.map((n) => n.name)).toEqual(['HQ']);
    expect(found[0]?.children?.map((n) => n.name)).toEqual(['Sales']);
    expect(found[0]?.children?.[0]?.children?.map((n) => n.name)).toEqual(['Sales East']);
  });

  test('options disable a subtree (moving a department under itself is impossible)', () => {
    const options = deptOptions(buildDeptTree(rows), subtreeIds(rows, 2));
    const sales = options[0]?.children?.find((o) => o.title === 'Sales');
    expect(sales?.disabled).toBe(true);
    expect(sales?.children?.[0]?.disabled).toBe(true);
    expect(options[0]?.disabled).toBeUndefined();
  });
});
