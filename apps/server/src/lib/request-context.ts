import { type Language, pickLanguage } from '@educrm/contract';
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../types';
import { unauthorized } from './errors';

/** The UI sends its language in Accept-Language; messages follow it. */
export const requestLanguage = (req: FastifyRequest): Language =>
  pickLanguage(req.headers['accept-language']);

export const requestIp = (req: FastifyRequest): string => req.ip;

export const requestUserAgent = (req: FastifyRequest): string =>
  String(req.headers['user-agent'] ?? '').slice(0, 256);

/** The signed-in caller of a route that requires one (the access plugin guarantees it). */
export const principalOf = (req: FastifyRequest): Principal => {
  if (!req.principal) throw unauthorized();
  return req.principal;
};
