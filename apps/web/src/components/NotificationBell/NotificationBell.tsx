import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Popover } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listNotifications, notificationKeys } from '../../api/notifications';

const NotificationPanel = lazy(() => import('./NotificationPanel'));

/** How often the unread count is re-read while the browser tab is visible. */
const POLL_MS = 60_000;

/**
 * The navbar's reminder bell: the unread count (polled while the tab is visible) and, on click, the
 * reminder panel, loaded on demand so the first load of the console stays small.
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useQuery({
    queryKey: notificationKeys.list(true),
    queryFn: () => listNotifications(true),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
  });
  const count = unread.data?.unread ?? 0;
  const label = count ? t('notifications.buttonWithCount', { count }) : t('notifications.button');
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={
        <Suspense fallback={<div className="notification-panel notification-panel--loading" />}>
          <NotificationPanel onNavigate={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Badge count={count} size="small" overflowCount={99} offset={[-6, 6]}>
        <Button
          type="text"
          className="right-menu-item"
          icon={<BellOutlined />}
          aria-label={label}
          title={label}
          data-testid="notification-bell"
        />
      </Badge>
    </Popover>
  );
};
