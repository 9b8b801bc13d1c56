import type { ServerInfo } from '@educrm/contract/ops';
import { request } from './http';

/** System > Server: version, uptime, database, memory, readiness checks, recent errors (admin). */
export const opsKeys = { server: ['system', 'server'] as const };

export const getServerInfo = () => request<ServerInfo>({ url: '/v1/system/server', method: 'get' });
