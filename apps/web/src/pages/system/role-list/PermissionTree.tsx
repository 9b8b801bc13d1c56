import { ALL_CODES, MENU_GROUPS } from '@educrm/contract/access';
import { Button, Space, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitleKey } from '../../../router/group';
import { actionLabelKey, groupNodeKey, toggleNode, treeChecks } from './permissionTree';

/**
 * The role's permission codes as a checkable tree: menu group -> page -> actions, labelled in the
 * UI language with the code beside it. Used as a form control (value = codes). `locked` (admin):
 * everything checked and nothing can be changed.
 */
export const PermissionTree = ({
  value = [],
  onChange,
  locked = false,
  id,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  locked?: boolean;
  id?: string;
}) => {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<string[]>(() => MENU_GROUPS.map((g) => groupNodeKey(g.key)));
  const codes = locked ? [...ALL_CODES] : value;

  const treeData = useMemo<TreeDataNode[]>(() => {
    const label = (text: string, code: string) => (
      <span>
        {text}
        <code className="system-perm-code">{code}</code>
      </span>
    );
    return MENU_GROUPS.map((group) => ({
      key: groupNodeKey(group.key),
      title: t(`route.${group.key}`),
      disabled: locked,
      children: group.pages.map((page) => ({
        key: page.code,
        title: label(t(`route.${pageTitleKey(page.code)}`), page.code),
        disabled: locked,
        children: page.actions.length
          ? page.actions.map((action) => ({
              key: action.code,
              title: label(t(actionLabelKey(action.code)), action.code),
              disabled: locked,
              isLeaf: true,
            }))
          : undefined,
      })),
    }));
  }, [t, locked]);

  const allPageKeys = MENU_GROUPS.flatMap((g) => [groupNodeKey(g.key), ...g.pages.map((p) => p.code)]);

  return (
    <div id={id} className="system-perm-tree" data-testid="permission-tree">
      <Space className="system-perm-tree__tools" size={4} wrap>
        <Button size="small" onClick={() => setExpanded(allPageKeys)}>
          {t('system.role.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('system.role.collapseAll')}
        </Button>
        {locked ? null : (
          <>
            <Button size="small" onClick={() => onChange?.([...ALL_CODES].sort())}>
              {t('system.role.checkAll')}
            </Button>
            <Button size="small" onClick={() => onChange?.([])}>
              {t('system.role.checkNone')}
            </Button>
          </>
        )}
      </Space>
      <Tree
        checkable
        checkStrictly
        selectable={false}
        treeData={treeData}
        expandedKeys={expanded}
        onExpand={(keys) => setExpanded(keys.map(String))}
        checkedKeys={treeChecks(codes)}
        onCheck={(_, info) => {
          if (locked) return;
          onChange?.(toggleNode(codes, String(info.node.key), info.checked));
        }}
      />
    </div>
  );
};
