import { envelopeOf, todoList, todoMark, todoMarkBody, todoUnmarkQuery } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/list';
import { principalOf, requestIp } from '../../lib/request-context';
import { TODO_ACTION_CODES, type TodoService } from './todo.service';

/**
 * The workbench (issue 42): the to-do counts (any signed-in user: each kind follows the caller's
 * codes and scope) and the per-user marks, which only a role that may act on some kind can set.
 */
export const workbenchRoutes = async (app: FastifyInstance, opts: { todo: TodoService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workbench'];
  const ACT = { permission: TODO_ACTION_CODES } as const;
  r.get(
    '/api/v1/workbench/todo',
    {
      config: { access: { authenticated: true } },
      schema: { tags, response: { 200: envelopeOf(todoList) } },
    },
    async (req) => ok(await opts.todo.list(principalOf(req))),
  );
  r.put(
    '/api/v1/workbench/todo/marks',
    {
      config: { access: ACT },
      schema: { tags, body: todoMarkBody, response: { 200: envelopeOf(todoMark) } },
    },
    async (req) => ok(await opts.todo.mark(principalOf(req), req.body, requestIp(req))),
  );
  r.delete(
    '/api/v1/workbench/todo/marks',
    {
      config: { access: ACT },
      schema: { tags, querystring: todoUnmarkQuery, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await opts.todo.unmark(principalOf(req), req.query.kind, req.query.rowId, requestIp(req));
      return ok(null);
    },
  );
};
