import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { clearLoginLock, type LoginLock, listLoginLocks, systemKeys } from '../../../api/system';
import { useConfirmAction } from '../../../components/ConfirmAction';
import { useCan } from '../../../session/useCan';
import { parseTime } from '../../../utils/time';

/**
 * Sign-ins locked after too many failures (per username, or per username and address); an admin
 * clears a username's locks so the person can try again at once.
 */
export const LoginLocksPanel = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const can = useCan();
  const ask = useConfirmAction();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: systemKeys.locks, queryFn: listLoginLocks, staleTime: 10_000 });
  return (
    <div className="resource-table__panel" data-testid="login-locks">
      <div className="resource-table__toolbar">
        <p className="system-muted">{t('system.locks.hint')}</p>
        <Button onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('table.refresh')}
        </Button>
      </div>
      <Table<LoginLock>
        aria-label={t('system.locks.title')}
        rowKey={(r) => `${r.scope}:${r.username}:${r.ip ?? ''}`}
        loading={query.isFetching}
        dataSource={query.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: query.isError ? query.error.message : t('system.locks.none') }}
        columns={[
          { key: 'username', title: t('system.user.username'), dataIndex: 'username' },
          {
            key: 'scope',
            title: t('system.locks.scope'),
            render: (_, r) => <Tag>{t(`system.locks.scope_${r.scope}`)}</Tag>,
          },
          { key: 'ip', title: t('sessions.ip'), render: (_, r) => r.ip ?? '-' },
          { key: 'failures', title: t('system.locks.failures'), dataIndex: 'failures' },
          {
            key: 'lockedUntil',
            title: t('system.locks.until'),
            render: (_, r) => parseTime(r.lockedUntil, '{y}-{m}-{d} {h}:{i}:{s}'),
          },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_, r) =>
              can('auth.lock.clear') ? (
                <Button
                  type="link"
                  size="small"
                  onClick={() =>
                    void ask({
                      title: t('system.locks.clearTitle', { name: r.username }),
                      content: t('system.locks.clearText'),
                      okText: t('system.locks.clear'),
                      danger: false,
                      onConfirm: async () => {
                        await clearLoginLock(r.username);
                        void message.success(t('system.locks.cleared', { name: r.username }));
                        await queryClient.invalidateQueries({ queryKey: systemKeys.locks });
                      },
                    })
                  }
                >
                  {t('system.locks.clear')}
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
};
