import type { NotificationRow } from '@educrm/contract/clients';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Segmented, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
} from '../../api/notifications';
import { formatTime } from '../../utils/time';
import { notificationTarget } from './target';
import './notifications.css';

/** The reminder list in the bell's popover: unread or all, open one (marks it read), mark all read. */
export default function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(true);
  const list = useQuery({
    queryKey: notificationKeys.list(unreadOnly),
    queryFn: () => listNotifications(unreadOnly),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const readAll = useMutation({ mutationFn: markAllNotificationsRead, onSuccess: refresh });

  const open = async (item: NotificationRow) => {
    if (!item.readAt) await markNotificationRead(item.id).catch(() => undefined);
    void refresh();
    const target = notificationTarget(item);
    if (target) {
      onNavigate();
      navigate(target);
    }
  };

  const items = list.data?.items ?? [];
  return (
    <div className="notification-panel" data-testid="notification-panel">
      <div className="notification-panel__head">
        <Segmented
          size="small"
          value={unreadOnly ? 'unread' : 'all'}
          onChange={(v) => setUnreadOnly(v === 'unread')}
          options={[
            { value: 'unread', label: t('notifications.unread') },
            { value: 'all', label: t('notifications.all') },
          ]}
        />
        <Button
          size="small"
          type="link"
          disabled={!list.data?.unread}
          loading={readAll.isPending}
          onClick={() => readAll.mutate()}
        >
          {t('notifications.readAll')}
        </Button>
      </div>
      {list.isPending ? (
        <div className="notification-panel__state">
          <Spin size="small" />
        </div>
      ) : list.isError ? (
        <div className="notification-panel__state">
          {t('notifications.loadFailed')}{' '}
          <Button size="small" type="link" onClick={() => list.refetch()}>
            {t('table.retry')}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <ul className="notification-panel__list">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className={`notification-item${item.readAt ? '' : ' notification-item--unread'}`}
                onClick={() => void open(item)}
              >
                <span className="notification-item__title">{item.title}</span>
                <span className="notification-item__content">{item.content}</span>
                <span className="notification-item__time">{formatTime(item.createdAt, t)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
