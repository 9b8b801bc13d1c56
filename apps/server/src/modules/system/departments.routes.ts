import { deptCreate, deptMove, deptRow, deptUpdate, envelopeOf, idParam } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import type { DepartmentService } from './departments.service';

const BASE = '/api/v1/system/departments';
const WRITE = { permission: 'system.dept.write' } as const;

export const departmentRoutes = async (app: FastifyInstance, opts: { depts: DepartmentService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const list = envelopeOf(z.object({ items: z.array(deptRow) }));
  // Department names and ids are read by every screen that picks a department (user forms, filters).
  r.get(
    BASE,
    { config: { access: { authenticated: true } }, schema: { tags, response: { 200: list } } },
    async () => ok({ items: await opts.depts.list() }),
  );
  r.post(
    BASE,
    {
      config: { access: WRITE },
      schema: { tags, body: deptCreate, response: { 200: envelopeOf(z.object({ id: z.number().int() })) } },
    },
    async (req) => ok({ id: await opts.depts.create(principalOf(req), req.body, requestIp(req)) }),
  );
  r.put(
    `${BASE}/:id`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: deptUpdate, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.depts.update(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    `${BASE}/:id/move`,
    {
      config: { access: WRITE },
      schema: { tags, params: idParam, body: deptMove, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.depts.move(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
  r.delete(
    `${BASE}/:id`,
    { config: { access: WRITE }, schema: { tags, params: idParam, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await opts.depts.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
};
