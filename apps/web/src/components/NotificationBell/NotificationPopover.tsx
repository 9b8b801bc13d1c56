import { Popover } from 'antd';
import type { ReactNode } from 'react';
import NotificationPanel from './NotificationPanel';

/** The bell's popover (its own chunk, loaded on the first click). */
export default function NotificationPopover({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      destroyOnHidden
      content={<NotificationPanel onNavigate={() => onOpenChange(false)} />}
    >
      {children}
    </Popover>
  );
}
