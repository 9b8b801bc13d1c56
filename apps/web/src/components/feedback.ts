import { MESSAGE_DURATION_MS } from '@educrm/contract/constants';
import type { message } from 'antd';
import { requestMessageHost } from '../stores/feedback';

/**
 * The bridge from code outside React (HTTP client, route guard, the login page) to antd messages
 * rendered inside the ConfigProvider (theme, locale, size) by message.useMessage() in MessageHost.
 * The host and antd load with the first message; calls made before it is mounted wait in a queue.
 * Pages inside the layout may also use App.useApp().
 */
export type MessageApi = ReturnType<typeof message.useMessage>[0];

let api: MessageApi | null = null;
const queue: ((a: MessageApi) => void)[] = [];

export const bindFeedback = (value: MessageApi | null) => {
  api = value;
  if (value) for (const task of queue.splice(0)) task(value);
};

const withMessage = (task: (a: MessageApi) => void) => {
  if (api) task(api);
  else {
    queue.push(task);
    requestMessageHost();
  }
};

const SECONDS = MESSAGE_DURATION_MS / 1000;

/** Red message for 5 s (spec section 8). */
export const showError = (content: string) =>
  withMessage((a) => {
    void a.error({ content, duration: SECONDS });
  });

export const showSuccess = (content: string) =>
  withMessage((a) => {
    void a.success({ content, duration: SECONDS });
  });

export const showWarning = (content: string) =>
  withMessage((a) => {
    void a.warning({ content, duration: SECONDS });
  });
