import { PlusOutlined } from '@ant-design/icons';
import { type AdminUserRow, USER_STATUSES } from '@educrm/contract/system';
import { useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Tabs, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { perIdBulk } from '../../../api/list';
import {
  ADMIN_USERS_EXPORT_URL,
  deleteAdminUser,
  listAdminUsers,
  setAdminUserStatus,
  systemKeys,
} from '../../../api/system';
import { MaskedText } from '../../../components/MaskedText';
import type { FilterField } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { SecretOnce } from '../../../components/SecretOnce';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';
import { useDepartments, useRoles } from '../queries';
import '../system.css';
import { roleName } from '../../../utils/roleText';
import { LoginLocksPanel } from './LoginLocksPanel';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { SessionsDrawer } from './SessionsDrawer';
import { UserFormDrawer } from './UserFormDrawer';

const WRITE = 'system.user.write';
const at = (iso: string | null) => (iso ? parseTime(iso, '{y}-{m}-{d} {h}:{i}') : '-');

type Editing = { mode: 'create' } | { mode: 'edit'; user: AdminUserRow } | null;

/** System > Admin users: the staff accounts, their roles and sessions; and the login locks. */
const AdminListPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const depts = useDepartments();
  const { roles, isFetching: rolesLoading } = useRoles();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ title: string; password: string } | null>(null);
  const [resetting, setResetting] = useState<AdminUserRow | null>(null);
  const [sessionsOf, setSessionsOf] = useState<AdminUserRow | null>(null);
  const tab = search.get('tab') === 'locks' && can('auth.lock.clear') ? 'locks' : 'users';

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: systemKeys.users }),
      // department and role user counts change with users
      queryClient.invalidateQueries({ queryKey: systemKeys.depts }),
      queryClient.invalidateQueries({ queryKey: systemKeys.roles }),
    ]);

  const filters = useMemo<FilterField[]>(
    () => [
      { type: 'text', name: 'username', label: t('system.user.username') },
      { type: 'text', name: 'nickname', label: t('system.user.nickname') },
      {
        type: 'treeSelect',
        name: 'departmentId',
        label: t('system.user.departmentWithChildren'),
        treeData: depts.options,
        numeric: true,
        loading: depts.isFetching,
      },
      {
        type: 'select',
        name: 'roleId',
        label: t('system.user.role'),
        numeric: true,
        loading: rolesLoading,
        options: roles.map((r) => ({
          value: r.id,
          label: roleName(t, r),
          search: `${roleName(t, r)} ${r.name} ${r.key}`,
        })),
      },
      {
        type: 'select',
        name: 'status',
        label: t('system.user.status'),
        options: USER_STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) })),
      },
      {
        type: 'dateRange',
        name: 'created',
        label: t('system.user.createdAt'),
        from: 'createdFrom',
        to: 'createdTo',
      },
    ],
    [t, depts.options, depts.isFetching, roles, rolesLoading],
  );

  const setStatus = async (user: AdminUserRow, enabled: boolean) => {
    await setAdminUserStatus(user.id, enabled);
    void message.success(
      t(enabled ? 'system.user.enabled' : 'system.user.disabled', { name: user.username }),
    );
    await refresh();
  };

  const columns: ResourceColumn<AdminUserRow>[] = [
    {
      key: 'username',
      title: t('system.user.username'),
      sortField: 'username',
      render: (_, u) => (
        <span className="system-user-cell">
          <Avatar size={28} src={u.avatarUrl || undefined} alt="">
            {u.nickname.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="system-user-name" data-user-content>
            {u.username}
          </span>
        </span>
      ),
    },
    { key: 'nickname', title: t('system.user.nickname'), sortField: 'nickname', dataIndex: 'nickname' },
    {
      key: 'department',
      title: t('system.user.department'),
      render: (_, u) =>
        u.departmentName ?? <span className="system-cell-sub">{t('system.user.noDepartment')}</span>,
    },
    {
      key: 'roles',
      title: t('system.user.roles'),
      render: (_, u) =>
        u.roles.length ? (
          u.roles.map((r) => <Tag key={r.id}>{roleName(t, r)}</Tag>)
        ) : (
          <span className="system-cell-sub">-</span>
        ),
    },
    {
      key: 'mobile',
      title: t('system.user.mobile'),
      render: (_, u) => <MaskedText value={u.mobile} label={`${t('system.user.mobile')} ${u.username}`} />,
    },
    { key: 'email', title: t('system.user.email'), render: (_, u) => u.email || '-' },
    { key: 'status', title: t('system.user.status'), render: (_, u) => <StatusTag value={u.status} /> },
    {
      key: 'lastLoginAt',
      title: t('system.user.lastLogin'),
      sortField: 'lastLoginAt',
      render: (_, u) => (
        <>
          {at(u.lastLoginAt)}
          {u.lastLoginIp ? <span className="system-cell-sub">{u.lastLoginIp}</span> : null}
        </>
      ),
    },
    {
      key: 'createdAt',
      title: t('system.user.createdAt'),
      sortField: 'createdAt',
      render: (_, u) => at(u.createdAt),
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      permission: WRITE,
      render: (_, u) => (
        <RowActions
          label={u.username}
          actions={[
            {
              key: 'edit',
              label: t('common.edit'),
              permission: WRITE,
              onClick: () => setEditing({ mode: 'edit', user: u }),
            },
            {
              key: 'reset',
              label: t('system.user.resetPassword'),
              permission: WRITE,
              onClick: () => setResetting(u),
            },
            {
              key: 'disable',
              label: t('system.user.disable'),
              permission: WRITE,
              danger: true,
              hidden: u.status !== 'ENABLED',
              confirm: {
                title: t('system.user.disableTitle', { name: u.username }),
                content: t('system.user.disableText'),
                okText: t('system.user.disable'),
                onConfirm: () => setStatus(u, false),
              },
            },
            {
              key: 'enable',
              label: t('system.user.enable'),
              permission: WRITE,
              hidden: u.status === 'ENABLED',
              confirm: {
                title: t('system.user.enableTitle', { name: u.username }),
                okText: t('system.user.enable'),
                danger: false,
                onConfirm: () => setStatus(u, true),
              },
            },
            {
              key: 'sessions',
              label: t('system.user.sessions'),
              permission: WRITE,
              onClick: () => setSessionsOf(u),
            },
            {
              key: 'delete',
              label: t('common.delete'),
              permission: WRITE,
              danger: true,
              confirm: {
                title: t('system.user.deleteTitle', { name: u.username }),
                content: t('system.user.deleteText'),
                okText: t('common.delete'),
                onConfirm: async () => {
                  await deleteAdminUser(u.id);
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

  const usersPanel = (
    <ResourceTable<AdminUserRow>
      tableKey="system.admin-users"
      title={t('route.systemAdminList')}
      queryKey={systemKeys.users}
      fetch={listAdminUsers}
      columns={columns}
      rowKey={(u) => u.id}
      rowLabel={(u) => u.username}
      filters={filters}
      defaultSort="-createdAt"
      toolbar={
        can(WRITE) ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create' })}>
            {t('system.user.create')}
          </Button>
        ) : null
      }
      bulkActions={[
        {
          key: 'enable',
          label: t('system.user.bulkEnable'),
          permission: WRITE,
          run: async (ids) => {
            const result = await perIdBulk(ids.map(Number), (id) => setAdminUserStatus(id, true));
            await refresh();
            return result;
          },
        },
        {
          key: 'disable',
          label: t('system.user.bulkDisable'),
          permission: WRITE,
          danger: true,
          confirm: (count) => t('system.user.bulkDisableText', { n: count }),
          run: async (ids) => {
            const result = await perIdBulk(ids.map(Number), (id) => setAdminUserStatus(id, false));
            await refresh();
            return result;
          },
        },
      ]}
      export={{ url: ADMIN_USERS_EXPORT_URL, permission: 'system.user.export', fileName: 'admin-users.xlsx' }}
    />
  );

  return (
    <div className="system-page" data-testid="admin-list-page">
      <h1 className="visually-hidden">{t('route.systemAdminList')}</h1>
      {can('auth.lock.clear') ? (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setSearch(
              (prev) => {
                const next = new URLSearchParams(prev);
                if (key === 'locks') next.set('tab', 'locks');
                else next.delete('tab');
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: 'users', label: t('system.user.tabUsers'), children: usersPanel },
            { key: 'locks', label: t('system.locks.title'), children: <LoginLocksPanel /> },
          ]}
        />
      ) : (
        usersPanel
      )}
      {editing ? (
        <UserFormDrawer
          target={editing}
          onClosed={() => setEditing(null)}
          onSaved={() => void refresh()}
          onCreated={(user, password) => {
            if (password)
              setSecret({ title: t('system.user.passwordOf', { name: user.username }), password });
          }}
        />
      ) : null}
      <ResetPasswordDialog
        user={resetting}
        onClose={() => setResetting(null)}
        onDone={(user, password) => {
          setResetting(null);
          if (password) setSecret({ title: t('system.user.passwordOf', { name: user.username }), password });
          else void message.success(t('system.user.passwordSetDone', { name: user.username }));
        }}
      />
      <SessionsDrawer user={sessionsOf} onClose={() => setSessionsOf(null)} />
      <SecretOnce
        secret={secret?.password ?? null}
        title={secret?.title ?? ''}
        description={t('system.user.secretText')}
        onClose={() => setSecret(null)}
      />
    </div>
  );
};

export default AdminListPage;
