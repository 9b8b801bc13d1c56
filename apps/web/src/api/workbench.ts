import type { TodoList } from '@educrm/contract/workbench';
import { request } from './http';

/** The workbench's to-do list (type imports only: the dashboard loads this module and must stay light). */
export const workbenchKeys = {
  todo: ['workbench', 'todo'] as const,
};

export const getTodo = () => request<TodoList>({ url: '/v1/workbench/todo', method: 'get', silent: true });
