import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo, useState } from 'react';

/** A tree node's key (rc-tree-select's SafeKey). */
type Key = string | number;

interface TreeNode {
  key?: Key;
  value?: Key;
  children?: readonly TreeNode[];
}

const parentKeys = (nodes: readonly TreeNode[] | undefined, out: Key[] = []): Key[] => {
  for (const n of nodes ?? []) {
    if (!n.children?.length) continue;
    const key = n.key ?? n.value;
    if (key !== undefined) out.push(key);
    parentKeys(n.children, out);
  }
  return out;
};

/**
 * antd's TreeSelect with every parent open, as `treeDefaultExpandAll` means, also for nodes that
 * arrive after the dropdown first rendered (the options load or refetch) and while a search is
 * typed. The built-in props expand only the data present at the first render, or at the search's
 * first keystroke: a match under a parent that loaded later stayed hidden in a collapsed parent.
 * A parent the user closes stays closed until they open it again; a search opens them all.
 */
export const ExpandedTreeSelect = <V,>({
  treeData,
  onSearch,
  onTreeExpand,
  onOpenChange,
  ...props
}: TreeSelectProps<V>) => {
  const parents = useMemo(() => parentKeys(treeData as readonly TreeNode[] | undefined), [treeData]);
  const [closed, setClosed] = useState<ReadonlySet<Key>>(() => new Set());
  const [searching, setSearching] = useState(false);
  return (
    <TreeSelect<V>
      {...props}
      treeData={treeData}
      treeExpandedKeys={searching ? parents : parents.filter((k) => !closed.has(k))}
      onTreeExpand={(keys) => {
        if (!searching) setClosed(new Set(parents.filter((k) => !keys.includes(k))));
        onTreeExpand?.(keys);
      }}
      onSearch={(text) => {
        setSearching(text !== '');
        onSearch?.(text);
      }}
      onOpenChange={(open) => {
        if (!open) setSearching(false);
        onOpenChange?.(open);
      }}
    />
  );
};
