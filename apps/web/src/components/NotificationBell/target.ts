import type { NotificationRow } from '@educrm/contract/clients';

/** Where opening a reminder leads: the list that shows what it is about. */
export const notificationTarget = (item: Pick<NotificationRow, 'kind'>): string | null => {
  switch (item.kind) {
    case 'CLIENT_RECYCLE_SOON':
      return '/client/my-list?aboutToRecycle=true';
    case 'CALLER_NUMBER_FLAGGED':
      return '/call/number-list?status=FLAGGED';
    case 'COURSE_EXPIRE_SOON':
      return '/course/user-list?status=ACTIVE&sort=expiresAt';
    case 'WECOM_CONFLICT':
      return '/wecom/contact-list';
    default:
      return null;
  }
};
