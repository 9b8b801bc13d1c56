import type { NotificationRow } from '@educrm/contract/clients';

/** Where opening a reminder leads: the list that shows what it is about. */
export const notificationTarget = (item: Pick<NotificationRow, 'kind'>): string | null => {
  switch (item.kind) {
    case 'CLIENT_RECYCLE_SOON':
      return '/client/my-list?aboutToRecycle=true';
    default:
      return null;
  }
};
