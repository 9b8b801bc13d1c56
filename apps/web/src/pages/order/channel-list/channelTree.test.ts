import type { ChannelNode } from '@educrm/contract/dictionaries';
import { describe, expect, test } from 'vitest';
import { channelTreeRows, flattenChannels } from './channelTree';

const node = (id: number, name: string, parentId: number | null = null) => ({
  id,
  code: `C${id}`,
  name,
  parentId,
  status: 'ENABLED' as const,
  sort: 0,
  remark: '',
  version: 1,
});
const tree: ChannelNode[] = [
  { ...node(1, '企微私域'), children: [node(11, '朋友圈', 1), node(12, '社群', 1)] },
  { ...node(2, '外呼'), children: [] },
  { ...node(3, '投放'), children: [node(31, '抖音投放', 3)] },
];

describe('channel tree rows', () => {
  test('keeps the whole tree without a filter, leaves without an empty child list', () => {
    const rows = channelTreeRows(tree);
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rows[0]?.children?.map((r) => r.id)).toEqual([11, 12]);
    expect(rows[1]).not.toHaveProperty('children');
  });

  test('a matching sub-channel keeps its parent; a matching parent stays without children', () => {
    const rows = channelTreeRows(tree, (c) => c.name.includes('抖音') || c.name === '外呼');
    expect(rows.map((r) => r.id)).toEqual([2, 3]);
    expect(rows[1]?.children?.map((r) => r.id)).toEqual([31]);
  });

  test('flattens parents followed by their children', () => {
    expect(flattenChannels(tree).map((c) => c.id)).toEqual([1, 11, 12, 2, 3, 31]);
  });
});
