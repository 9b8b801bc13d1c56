import { HolderOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CategoryRow } from '@educrm/contract/products';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Empty,
  Input,
  Result,
  Space,
  Spin,
  Tooltip,
  Tree,
  type TreeDataNode,
} from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteCategory, productKeys, reorderCategories, updateCategory } from '../../../api/products';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import {
  type CategoryNode,
  type MovePlan,
  type MovePosition,
  planMove,
  planStep,
} from '../shared/categoryTree';
import { useCategories } from '../shared/queries';
import '../shared/product.css';
import { type CategoryEditing, CategoryFormDrawer } from './CategoryFormDrawer';

const WRITE = 'product.category.write';

interface CategoryTreeNode extends TreeDataNode {
  key: number;
  category: CategoryNode;
  children?: CategoryTreeNode[];
}

/** Product > Categories: a two-level tree; drag (or move up/down) to reorder; add, edit, enable, delete. */
const CategoryPage = () => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const canWrite = can(WRITE);
  const queryClient = useQueryClient();
  const categories = useCategories();
  const { rows, tree } = categories;
  // Each opening is its own drawer (seq): a drawer still closing never swallows the next one.
  const [editing, setEditingState] = useState<(CategoryEditing & { seq: number }) | null>(null);
  const seq = useRef(0);
  const setEditing = (next: CategoryEditing) => {
    seq.current += 1;
    setEditingState({ ...next, seq: seq.current });
  };
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [filter, setFilter] = useState('');
  const [moving, setMoving] = useState(false);

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.categories }),
      // category names show in the product list
      queryClient.invalidateQueries({ queryKey: productKeys.products }),
    ]);

  const moveError = (plan: Exclude<MovePlan, { items: unknown }>) =>
    plan.error === 'self' ? null : t(`product.category.move_${plan.error}`);

  const applyPlan = async (plan: MovePlan | null) => {
    if (!plan) return;
    if ('error' in plan) {
      const reason = moveError(plan);
      if (reason) void message.warning(reason);
      return;
    }
    setMoving(true);
    try {
      await reorderCategories({ items: plan.items });
      void message.success(t('product.category.moved'));
    } catch (error) {
      modal.error({
        title: t('product.category.moveRefused'),
        content: error instanceof Error ? error.message : t('http.error'),
        okText: t('common.ok'),
      });
    } finally {
      setMoving(false);
      await refresh();
    }
  };

  const setStatus = async (c: CategoryRow, status: CategoryRow['status']) => {
    await updateCategory(c.id, { name: c.name, icon: c.icon, sort: c.sort, status, version: c.version });
    void message.success(t(status === 'ENABLED' ? 'product.category.enabled' : 'product.category.disabled'));
    await refresh();
  };

  const term = filter.trim().toLowerCase();
  const treeData = useMemo<CategoryTreeNode[]>(() => {
    const matches = (n: CategoryNode) => !term || n.name.toLowerCase().includes(term);
    const toNode = (n: CategoryNode): CategoryTreeNode => ({
      key: n.id,
      title: n.name,
      category: n,
      isLeaf: n.children.length === 0,
      ...(n.children.length ? { children: n.children.map(toNode) } : {}),
    });
    return tree
      .map((root) => {
        if (matches(root)) return toNode(root);
        const kids = root.children.filter(matches);
        return kids.length ? { ...toNode(root), children: kids.map(toNode) } : null;
      })
      .filter((n): n is CategoryTreeNode => n !== null);
  }, [tree, term]);

  const expandedKeys = rows
    .filter((r) => r.parentId === null && (term || !collapsed.has(r.id)))
    .map((r) => r.id);

  const actionsOf = (c: CategoryNode): ReactNode => {
    const isRoot = c.parentId === null;
    const siblings = rows
      .filter((r) => r.parentId === c.parentId)
      .sort((a, b) => a.sort - b.sort || a.id - b.id);
    const position = siblings.findIndex((r) => r.id === c.id);
    return (
      <RowActions
        label={c.name}
        inline={2}
        actions={[
          {
            key: 'addChild',
            label: t('product.category.addChild'),
            permission: WRITE,
            hidden: !isRoot,
            disabled: c.productCount > 0,
            onClick: () => setEditing({ mode: 'create', parentId: c.id }),
          },
          {
            key: 'edit',
            label: t('common.edit'),
            permission: WRITE,
            onClick: () => setEditing({ mode: 'edit', category: c }),
          },
          {
            key: 'up',
            label: t('product.category.moveUp'),
            permission: WRITE,
            hidden: position <= 0,
            onClick: () => void applyPlan(planStep(rows, c.id, -1)),
          },
          {
            key: 'down',
            label: t('product.category.moveDown'),
            permission: WRITE,
            hidden: position === siblings.length - 1,
            onClick: () => void applyPlan(planStep(rows, c.id, 1)),
          },
          {
            key: 'disable',
            label: t('product.category.disable'),
            permission: WRITE,
            hidden: c.status !== 'ENABLED',
            confirm: {
              title: t('product.category.disableTitle', { name: c.name }),
              content: t('product.category.disableText'),
              okText: t('product.category.disable'),
              onConfirm: () => setStatus(c, 'DISABLED'),
            },
          },
          {
            key: 'enable',
            label: t('product.category.enable'),
            permission: WRITE,
            hidden: c.status === 'ENABLED',
            onClick: () =>
              void setStatus(c, 'ENABLED').catch((error: unknown) => {
                modal.error({
                  title: t('common.refused'),
                  content: error instanceof Error ? error.message : t('http.error'),
                  okText: t('common.ok'),
                });
              }),
          },
          {
            key: 'delete',
            label: t('common.delete'),
            permission: WRITE,
            danger: true,
            confirm: {
              title: t('product.category.deleteTitle', { name: c.name }),
              content: t('product.category.deleteText'),
              okText: t('common.delete'),
              refusedTitle: t('product.category.deleteRefused'),
              onConfirm: async () => {
                await deleteCategory(c.id);
                void message.success(t('common.deleted'));
                await refresh();
              },
            },
          },
        ]}
      />
    );
  };

  const titleOf = (node: CategoryTreeNode) => {
    const c = node.category;
    return (
      <span className="product-cat-node" data-testid={`category-${c.id}`}>
        <span className="product-cat-node__name">{c.name}</span>
        {c.status === 'DISABLED' ? <StatusTag value="DISABLED" /> : null}
        {c.children.length ? (
          <span className="product-cat-node__count">
            {t('product.category.childCount', { count: c.children.length })}
          </span>
        ) : (
          <span className="product-cat-node__count">
            {t('product.category.productCount', { count: c.productCount })}
          </span>
        )}
        {/* Clicks on the actions must not select or toggle the node. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops the click reaching the tree node */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard */}
        <span className="product-cat-node__actions" onClick={(e) => e.stopPropagation()}>
          {canWrite ? actionsOf(c) : null}
        </span>
      </span>
    );
  };

  const allowDrop = ({
    dragNode,
    dropNode,
    dropPosition,
  }: {
    dragNode: CategoryTreeNode;
    dropNode: CategoryTreeNode;
    dropPosition: -1 | 0 | 1;
  }) => {
    const position: MovePosition = dropPosition === 0 ? 'inside' : dropPosition < 0 ? 'before' : 'after';
    return 'items' in planMove(rows, dragNode.key, dropNode.key, position);
  };

  let body: ReactNode;
  if (categories.isError && !categories.data) {
    body = (
      <Result
        status="warning"
        title={t('product.category.loadFailed')}
        subTitle={categories.error instanceof Error ? categories.error.message : ''}
        extra={
          <Button type="primary" onClick={() => void categories.refetch()}>
            {t('table.retry')}
          </Button>
        }
      />
    );
  } else if (!categories.data) {
    body = (
      <div className="product-cat-empty">
        <Spin />
      </div>
    );
  } else if (!treeData.length) {
    body = (
      <Empty
        className="product-cat-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={term ? t('product.category.noMatch') : t('product.category.empty')}
      >
        {!term && canWrite ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ mode: 'create', parentId: null })}
          >
            {t('product.category.create')}
          </Button>
        ) : null}
      </Empty>
    );
  } else {
    body = (
      <Spin spinning={moving}>
        <Tree<CategoryTreeNode>
          className="product-cat-tree"
          aria-label={t('route.productCategory')}
          blockNode
          selectable={false}
          treeData={treeData}
          expandedKeys={expandedKeys}
          onExpand={(_keys, { node, expanded }) =>
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (expanded) next.delete(node.key);
              else next.add(node.key);
              return next;
            })
          }
          draggable={
            canWrite && !term && !moving ? { icon: <HolderOutlined />, nodeDraggable: () => true } : false
          }
          allowDrop={allowDrop as never}
          onDrop={(info) => {
            const target = info.node as unknown as CategoryTreeNode;
            const drag = info.dragNode as unknown as CategoryTreeNode;
            const relative = info.dropPosition - Number(String(info.node.pos).split('-').at(-1));
            const position: MovePosition = !info.dropToGap ? 'inside' : relative < 0 ? 'before' : 'after';
            void applyPlan(planMove(rows, drag.key, target.key, position));
          }}
          titleRender={titleOf}
        />
      </Spin>
    );
  }

  return (
    <div className="product-page" data-testid="category-page">
      <h1 className="visually-hidden">{t('route.productCategory')}</h1>
      <div className="product-panel">
        <div className="product-toolbar">
          <Space wrap>
            {canWrite ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ mode: 'create', parentId: null })}
              >
                {t('product.category.create')}
              </Button>
            ) : null}
            <Input.Search
              allowClear
              placeholder={t('product.category.search')}
              aria-label={t('product.category.search')}
              onChange={(e) => setFilter(e.target.value)}
              style={{ width: 220 }}
            />
          </Space>
          <Space wrap>
            <Button onClick={() => setCollapsed(new Set())}>{t('product.category.expandAll')}</Button>
            <Button onClick={() => setCollapsed(new Set(rows.map((r) => r.id)))}>
              {t('product.category.collapseAll')}
            </Button>
            <Tooltip title={t('table.refresh')}>
              <Button
                icon={<ReloadOutlined spin={categories.isFetching} />}
                aria-label={t('table.refresh')}
                onClick={() => void categories.refetch()}
              />
            </Tooltip>
          </Space>
        </div>
        {canWrite ? (
          <Alert
            className="product-form__notice"
            type="info"
            showIcon
            title={t('product.category.dragHint')}
          />
        ) : null}
        {body}
      </div>
      {editing ? (
        <CategoryFormDrawer
          key={editing.seq}
          editing={editing}
          rows={rows}
          onClosed={() => setEditingState((current) => (current?.seq === editing.seq ? null : current))}
          onSaved={() => void refresh()}
        />
      ) : null}
    </div>
  );
};

export default CategoryPage;
