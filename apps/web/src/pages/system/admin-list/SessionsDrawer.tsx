import type { AdminUserRow } from '@educrm/contract/system';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { endAdminUserSession, listAdminUserSessions, systemKeys } from '../../../api/system';
import { SessionsTable } from '../SessionsTable';

/** A user's active sessions, each of which the admin may end. */
export const SessionsDrawer = ({ user, onClose }: { user: AdminUserRow | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const key = systemKeys.userSessions(user?.id ?? 0);
  const query = useQuery({
    queryKey: key,
    queryFn: () => listAdminUserSessions(user?.id ?? 0),
    enabled: user !== null,
    staleTime: 0,
  });
  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={user ? t('system.user.sessionsTitle', { name: user.username }) : ''}
    >
      {query.isError ? <Alert type="error" showIcon title={query.error.message} /> : null}
      <p className="system-muted">{t('system.user.sessionsHint')}</p>
      <SessionsTable
        label={user ? t('system.user.sessionsTitle', { name: user.username }) : ''}
        sessions={query.data?.items ?? []}
        loading={query.isFetching}
        onEnd={async (session) => {
          if (!user) return;
          await endAdminUserSession(user.id, session.id);
          void message.success(t('sessions.ended'));
          await queryClient.invalidateQueries({ queryKey: key });
        }}
      />
    </Drawer>
  );
};
