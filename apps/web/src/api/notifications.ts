import type { NotificationRow } from '@educrm/contract/clients';
import { request } from './http';

/** In-app reminders of the signed-in user (written by server jobs, rendered in the UI language). */
export interface NotificationList {
  items: NotificationRow[];
  unread: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => ['notifications', unreadOnly ? 'unread' : 'all'] as const,
};

export const listNotifications = (unreadOnly: boolean, limit = 20) =>
  request<NotificationList>({
    url: '/v1/notifications',
    method: 'get',
    params: { unreadOnly, limit },
    silent: true,
  });

export const markNotificationRead = (id: number) =>
  request<null>({ url: `/v1/notifications/${id}/read`, method: 'post', silent: true });

export const markAllNotificationsRead = () =>
  request<{ updated: number }>({ url: '/v1/notifications/read-all', method: 'post' });
