import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { listNotifications, markNotificationRead, notificationKeys } from '../../../api/notifications';

/**
 * The latest unread "clients about to drop into the pool" reminder (written each morning by the
 * recycle job) above My clients: show those clients, or mark the reminder read.
 */
export const RecycleReminder = ({ onShow }: { onShow: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    // The navbar bell's query: one cache, one poll.
    queryKey: notificationKeys.list(true),
    queryFn: () => listNotifications(true),
    staleTime: 60_000,
  });
  const latest = query.data?.items.find((n) => n.kind === 'CLIENT_RECYCLE_SOON');
  if (!latest) return null;
  const dismiss = async () => {
    await markNotificationRead(latest.id).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  };
  return (
    <Alert
      type="warning"
      showIcon
      title={latest.title}
      description={latest.content}
      action={
        <Space orientation="vertical" size={4}>
          <Button size="small" type="primary" onClick={onShow}>
            {t('client.reminder.show')}
          </Button>
          <Button size="small" onClick={() => void dismiss()}>
            {t('client.reminder.dismiss')}
          </Button>
        </Space>
      }
    />
  );
};
