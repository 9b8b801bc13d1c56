import { envelopeOf, idParam, roleCreate, roleRow, roleUpdate } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { RoleService } from './roles.service';

const BASE = '/api/v1/system/roles';
const WRITE = { permission: 'system.role.write' } as const;

export const roleRoutes = async (app: FastifyInstance, opts: { roles: RoleService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  // Role names are read wherever a user's roles are shown or picked (user list filters and forms).
  r.get(
    BASE,
    {
      config: { access: { permission: ['system.role-list', 'system.admin-list'] } },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(roleRow) })) } },
    },
    async () => ok({ items: await opts.roles.list() }),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: { tags, body: roleCreate, response: { 200: envelopeOf(z.object({ id: z.number().int() })) } },
    },
    async (req) => ok({ id: await opts.roles.create(principalOf(req), req.body, requestIp(req)) }),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: roleUpdate, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.roles.update(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
  r.delete(
    `${BASE}/:id`,
    { config: { access: WRITE }, schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await opts.roles.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
