import { BellOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listNotifications, notificationKeys } from '../../api/notifications';

const NotificationPopover = lazy(() => import('./NotificationPopover'));

/** How often the unread count is re-read while the browser tab is visible. */
const POLL_MS = 60_000;

/**
 * The navbar's reminder bell: the unread count (polled while the tab is visible) and, on the first
 * click, the popover with the reminder panel, loaded on demand so the console's first load stays small.
 */
export const NotificationBell = () => {
  const { t } = useTranslation();
  const [activated, setActivated] = useState(false);
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
  const bell = (
    <Badge count={count} size="small" overflowCount={99} offset={[-6, 6]}>
      <Button
        type="text"
        className="right-menu-item"
        icon={<BellOutlined />}
        aria-label={label}
        title={label}
        aria-expanded={open}
        data-testid="notification-bell"
        // Once the popover is loaded it toggles itself on click.
        onClick={
          activated
            ? undefined
            : () => {
                setActivated(true);
                setOpen(true);
              }
        }
      />
    </Badge>
  );
  if (!activated) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPopover open={open} onOpenChange={setOpen}>
        {bell}
      </NotificationPopover>
    </Suspense>
  );
};
