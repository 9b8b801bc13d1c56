import { PlusOutlined } from '@ant-design/icons';
import { ADMIN_ROLE, DATA_SCOPES } from '@educrm/contract/access';
import { type RoleRow, roleCreate, roleUpdate, USER_STATUSES } from '@educrm/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, InputNumber, Radio, Select, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../../../api/list';
import { createRole, deleteRole, listRoles, systemKeys, updateRole } from '../../../api/system';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { StatusTag } from '../../../components/StatusTag';
import i18n from '../../../i18n';
import { useCan } from '../../../session/useCan';
import '../system.css';
import { roleDescription, roleName } from '../../../utils/roleText';
import { PermissionTree } from './PermissionTree';

const WRITE = 'system.role.write';

/** Roles answer as one list; search and order happen here. */
const fetchRoles = async (params: ListParams) => {
  const { items } = await listRoles();
  const text = typeof params.q === 'string' ? params.q.toLowerCase() : '';
  const rows = items
    .filter(
      (r) =>
        (!text ||
          r.name.toLowerCase().includes(text) ||
          roleName(i18n.t, r).toLowerCase().includes(text) ||
          r.key.includes(text)) &&
        (!params.status || r.status === params.status),
    )
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
  return { items: rows, total: rows.length, page: 1, pageSize: rows.length };
};

const valuesOf = (role: RoleRow) => ({
  key: role.key,
  name: role.name,
  description: role.description,
  dataScope: role.dataScope,
  status: role.status,
  sort: role.sort,
  permissions: role.permissions,
  requireMfa: role.requireMfa,
});

const RoleForm = ({
  role,
  onClosed,
  onSaved,
}: {
  role: RoleRow | null;
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const isAdmin = role?.key === ADMIN_ROLE;
  const fields = (
    <>
      <FormField
        name="key"
        label={t('system.role.key')}
        extra={role?.builtin ? t('system.role.keyBuiltin') : t('system.role.keyHint')}
      >
        <Input maxLength={32} disabled={role?.builtin} autoComplete="off" />
      </FormField>
      <FormField name="name" label={t('system.role.name')}>
        <Input maxLength={64} autoComplete="off" />
      </FormField>
      <FormField name="description" label={t('system.role.description')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </FormField>
      <FormField name="dataScope" label={t('system.role.dataScope')} extra={t('system.role.dataScopeHint')}>
        <Select options={DATA_SCOPES.map((s) => ({ value: s, label: t(`dataScope.${s}`) }))} />
      </FormField>
      <FormField
        name="requireMfa"
        label={t('system.role.requireMfa')}
        extra={t('system.role.requireMfaHint')}
        valuePropName="checked"
      >
        <Switch />
      </FormField>
      <FormField name="status" label={t('system.role.status')}>
        <Radio.Group
          optionType="button"
          options={USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) }))}
        />
      </FormField>
      <FormField name="sort" label={t('system.role.sort')}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
      </FormField>
      {isAdmin ? (
        <Alert className="system-notice" type="info" showIcon title={t('system.role.adminAll')} />
      ) : null}
      <FormField name="permissions" label={t('system.role.permissions')}>
        <PermissionTree locked={isAdmin} />
      </FormField>
    </>
  );

  if (!role) {
    return (
      <ResourceDrawerForm<Record<string, unknown>>
        id="role-create"
        title={t('system.role.createTitle')}
        width={640}
        schema={roleCreate}
        initialValues={{
          dataScope: 'SELF',
          status: 'ENABLED',
          sort: 0,
          permissions: [],
          description: '',
          requireMfa: false,
        }}
        onClosed={onClosed}
        onSubmit={(values) => createRole(values as Parameters<typeof createRole>[0])}
        successMessage={t('system.role.created')}
        onSuccess={onSaved}
      >
        {fields}
      </ResourceDrawerForm>
    );
  }
  return (
    <ResourceDrawerForm<Record<string, unknown>>
      id={`role-edit-${role.id}`}
      title={t('system.role.editTitle', { name: roleName(t, role) })}
      width={640}
      schema={roleUpdate}
      version={role.version}
      initialValues={valuesOf(role)}
      onClosed={onClosed}
      onSubmit={(values) => updateRole(role.id, values as Parameters<typeof updateRole>[1])}
      onSuccess={onSaved}
      onReload={async () => {
        const { items } = await listRoles();
        const fresh = items.find((r) => r.id === role.id);
        if (!fresh) throw new Error(t('system.role.gone'));
        return { values: valuesOf(fresh), version: fresh.version };
      }}
    >
      {fields}
    </ResourceDrawerForm>
  );
};

/** System > Roles: built-in and custom roles, their data scope and permission codes. */
const RoleListPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ role: RoleRow | null } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: systemKeys.roles });

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'q', label: t('system.role.search') },
      {
        type: 'select',
        name: 'status',
        label: t('system.role.status'),
        options: USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
    ],
    [t],
  );

  const columns: ResourceColumn<RoleRow>[] = [
    {
      key: 'name',
      title: t('system.role.name'),
      render: (_, r) => (
        <>
          {roleName(t, r)}{' '}
          {r.builtin ? <Tag className="status-tag status-tag--info">{t('system.role.builtin')}</Tag> : null}
          {r.description ? <span className="system-cell-sub">{roleDescription(t, r)}</span> : null}
        </>
      ),
    },
    { key: 'key', title: t('system.role.key'), render: (_, r) => <code>{r.key}</code> },
    { key: 'dataScope', title: t('system.role.dataScope'), render: (_, r) => t(`dataScope.${r.dataScope}`) },
    {
      key: 'permissions',
      title: t('system.role.permissionCount'),
      render: (_, r) => (r.key === ADMIN_ROLE ? t('system.role.allPermissions') : r.permissions.length),
    },
    { key: 'userCount', title: t('system.role.userCount'), dataIndex: 'userCount' },
    {
      key: 'requireMfa',
      title: t('system.role.requireMfa'),
      render: (_, r) => (r.requireMfa ? <Tag color="blue">{t('system.role.requireMfaOn')}</Tag> : null),
    },
    { key: 'sort', title: t('system.role.sort'), dataIndex: 'sort' },
    { key: 'status', title: t('system.role.status'), render: (_, r) => <StatusTag value={r.status} /> },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      permission: WRITE,
      render: (_, r) => (
        <RowActions
          label={r.name}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ role: r }),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              hidden: r.builtin,
              confirm: {
                title: t('system.role.deleteTitle', { name: r.name }),
                content: t('system.role.deleteText'),
                okText: t('common.delete'),
                onConfirm: async () => {
                  await deleteRole(r.id);
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
    <div className="system-page" data-testid="role-list-page">
      <h1 className="visually-hidden">{t('route.systemRoleList')}</h1>
      <ResourceTable<RoleRow>
        tableKey="system.roles"
        title={t('route.systemRoleList')}
        queryKey={systemKeys.roles}
        fetch={fetchRoles}
        paginated={false}
        columns={columns}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        filters={filters}
        toolbar={
          can(WRITE) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ role: null })}>
              {t('system.role.create')}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <RoleForm
          role={editing.role}
          onClosed={() => setEditing(null)}
          onSaved={() => {
            void refresh();
            // users show role names
            void queryClient.invalidateQueries({ queryKey: systemKeys.users });
          }}
        />
      ) : null}
    </div>
  );
};

export default RoleListPage;
