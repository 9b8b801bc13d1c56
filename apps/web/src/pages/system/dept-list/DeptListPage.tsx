import { PlusOutlined } from '@ant-design/icons';
import { type DeptRow, deptCreate, deptMove, deptUpdate, USER_STATUSES } from '@educrm/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Radio, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/list';
import {
  createDepartment,
  deleteDepartment,
  listDepartments,
  moveDepartment,
  systemKeys,
  updateDepartment,
} from '../../../api/system';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { buildDeptTree, type DeptNode, deptOptions, filterDeptTree, subtreeIds } from '../deptTree';
import { useDepartments } from '../queries';
import { UserSelect } from '../UserSelect';
import '../system.css';

const WRITE = 'system.dept.write';

type Editing =
  | { mode: 'create'; parentId: number | null }
  | { mode: 'edit'; dept: DeptRow }
  | { mode: 'move'; dept: DeptRow }
  | null;

/** The tree, searched by name and status on this side (the server answers the whole flat list). */
const fetchTree = async (params: ListParams) => {
  const { items } = await listDepartments();
  const name = typeof params.name === 'string' ? params.name.toLowerCase() : '';
  const status = params.status;
  const tree =
    name || status
      ? filterDeptTree(
          buildDeptTree(items),
          (n) => (!name || n.name.toLowerCase().includes(name)) && (!status || n.status === status),
        )
      : buildDeptTree(items);
  return { items: tree, total: items.length, page: 1, pageSize: items.length };
};

const DeptForm = ({
  editing,
  onClosed,
  onSaved,
}: {
  editing: Exclude<Editing, null>;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const depts = useDepartments();
  const movingId = editing.mode === 'move' ? editing.dept.id : null;
  // Stable tree data: a new array on every render makes the open dropdown rebuild under the pointer.
  const moveOptions = useMemo(
    () => (movingId === null ? [] : deptOptions(depts.tree, subtreeIds(depts.rows, movingId))),
    [depts.tree, depts.rows, movingId],
  );
  const statusField = (
    <FormField name="status" label={t('system.dept.status')}>
      <Radio.Group
        optionType="button"
        options={USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) }))}
      />
    </FormField>
  );
  const leaderField = (
    <FormField name="leaderUserId" label={t('system.dept.leader')}>
      <UserSelect aria-label={t('system.dept.leader')} />
    </FormField>
  );
  const sortField = (
    <FormField name="sort" label={t('system.dept.sort')} extra={t('system.dept.sortHint')}>
      <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
    </FormField>
  );

  if (editing.mode === 'create') {
    return (
      <ResourceDrawerForm<Record<string, unknown>>
        id="dept-create"
        title={t('system.dept.createTitle')}
        schema={deptCreate}
        initialValues={{ parentId: editing.parentId, status: 'ENABLED', sort: 0, leaderUserId: null }}
        onClosed={onClosed}
        onSubmit={(values) => createDepartment(values as Parameters<typeof createDepartment>[0])}
        successMessage={t('system.dept.created')}
        onSuccess={onSaved}
      >
        <FormField name="parentId" label={t('system.dept.parent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={depts.options}
            placeholder={t('system.dept.topLevel')}
          />
        </FormField>
        <FormField name="name" label={t('system.dept.name')}>
          <Input maxLength={64} autoComplete="off" />
        </FormField>
        {leaderField}
        {sortField}
        {statusField}
      </ResourceDrawerForm>
    );
  }

  const { dept } = editing;
  const reload = async () => {
    const { items } = await listDepartments();
    const fresh = items.find((d) => d.id === dept.id);
    if (!fresh) throw new Error(t('system.dept.gone'));
    return {
      values:
        editing.mode === 'move'
          ? { parentId: fresh.parentId }
          : { name: fresh.name, leaderUserId: fresh.leaderUserId, sort: fresh.sort, status: fresh.status },
      version: fresh.version,
    };
  };

  if (editing.mode === 'move') {
    return (
      <ResourceDrawerForm<Record<string, unknown>>
        id={`dept-move-${dept.id}`}
        title={t('system.dept.moveTitle', { name: dept.name })}
        width={440}
        schema={deptMove}
        version={dept.version}
        initialValues={{ parentId: dept.parentId }}
        onClosed={onClosed}
        onSubmit={(values) => moveDepartment(dept.id, values as Parameters<typeof moveDepartment>[1])}
        submitText={t('system.dept.move')}
        successMessage={t('system.dept.moved')}
        onSuccess={onSaved}
        onReload={reload}
      >
        <p className="system-muted">{t('system.dept.moveHint')}</p>
        <FormField name="parentId" label={t('system.dept.newParent')}>
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            treeData={moveOptions}
            placeholder={t('system.dept.topLevel')}
          />
        </FormField>
      </ResourceDrawerForm>
    );
  }

  return (
    <ResourceDrawerForm<Record<string, unknown>>
      id={`dept-edit-${dept.id}`}
      title={t('system.dept.editTitle', { name: dept.name })}
      schema={deptUpdate}
      version={dept.version}
      initialValues={{
        name: dept.name,
        leaderUserId: dept.leaderUserId,
        sort: dept.sort,
        status: dept.status,
      }}
      onClosed={onClosed}
      onSubmit={(values) => updateDepartment(dept.id, values as Parameters<typeof updateDepartment>[1])}
      onSuccess={onSaved}
      onReload={reload}
    >
      <FormField name="name" label={t('system.dept.name')}>
        <Input maxLength={64} autoComplete="off" />
      </FormField>
      {leaderField}
      {sortField}
      {statusField}
      <Form.Item label={t('system.dept.userCount')}>
        <span>{dept.userCount}</span>
      </Form.Item>
    </ResourceDrawerForm>
  );
};

/** System > Departments: the department tree with add child, edit, move and delete. */
const DeptListPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const depts = useDepartments();
  const [editing, setEditing] = useState<Editing>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  const refresh = () => queryClient.invalidateQueries({ queryKey: systemKeys.depts });

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'name', label: t('system.dept.name') },
      {
        type: 'select',
        name: 'status',
        label: t('system.dept.status'),
        options: USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<DeptNode>[] = [
    { key: 'name', title: t('system.dept.name'), dataIndex: 'name' },
    { key: 'leader', title: t('system.dept.leader'), render: (_, d) => d.leaderName ?? '-' },
    { key: 'userCount', title: t('system.dept.userCount'), dataIndex: 'userCount' },
    { key: 'sort', title: t('system.dept.sort'), dataIndex: 'sort' },
    { key: 'status', title: t('system.dept.status'), render: (_, d) => <StatusTag value={d.status} /> },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      permission: WRITE,
      render: (_, d) => (
        <RowActions
          label={d.name}
          inline={3}
          actions={[
            {
              key: 'addChild',
              label: t('system.dept.addChild'),
              permission: WRITE,
              onClick: () => setEditing({ mode: 'create', parentId: d.id }),
            },
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ mode: 'edit', dept: d }),
            },
            {
              key: 'move',
              label: t('system.dept.move'),
              permission: WRITE,
              onClick: () => setEditing({ mode: 'move', dept: d }),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('system.dept.deleteTitle', { name: d.name }),
                content: t('system.dept.deleteText'),
                okText: t('common.delete'),
                refusedTitle: t('system.dept.deleteRefused'),
                onConfirm: async () => {
                  await deleteDepartment(d.id);
                  void message.success(t('common.deleted'));
                  await refresh();
                },
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="system-page" data-testid="dept-list-page">
      <h1 className="visually-hidden">{t('route.systemDeptList')}</h1>
      <ResourceTable<DeptNode>
        tableKey="system.departments"
        title={t('route.systemDeptList')}
        queryKey={systemKeys.depts}
        fetch={fetchTree}
        paginated={false}
        columns={columns}
        rowKey={(d) => d.id}
        rowLabel={(d) => d.name}
        filters={filters}
        toolbar={
          can(WRITE) ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create', parentId: null })}
            >
              {t('system.dept.create')}
            </Button>
          ) : null
        }
        tableProps={{
          expandable: {
            expandedRowKeys: depts.rows.filter((d) => !collapsed.has(d.id)).map((d) => d.id),
            onExpand: (expanded, record) =>
              setCollapsed((prev) => {
                const next = new Set(prev);
                if (expanded) next.delete(record.id);
                else next.add(record.id);
                return next;
              }),
          },
        }}
      />
      {editing ? (
        <DeptForm editing={editing} onClosed={() => setEditing(null)} onSaved={() => void refresh()} />
      ) : null}
    </div>
  );
};

export default DeptListPage;
