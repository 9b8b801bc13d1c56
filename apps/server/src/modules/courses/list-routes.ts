import { envelopeOf, type Language, listResultOf } from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok, plainJsonSerializer } from '../../lib/list';
import { principalOf } from '../../lib/request-context';
import type { Principal } from '../../types';
import type { Exporter, ExportService } from '../exports/service';
import { exportOf } from './common';

type ListQuery = z.ZodObject<z.ZodRawShape>;
/** One page of a list, as `listResultOf(row)` answers it. */
type Page<Row> = z.infer<ReturnType<typeof listResultOf<z.ZodType<Row>>>>;

/**
 * A list and its export beside it, as the course and member pages have them: `GET path` answers a
 * page of `row` for the read access; `GET path/export` takes the same filters (no paging, no sort)
 * for the export permission and streams the file, or starts a background job (exportOf).
 */
export const listWithExport = <Q extends ListQuery, Row>(
  app: FastifyInstance,
  opts: {
    path: string;
    tags: string[];
    read: { permission: string };
    exportPermission: string;
    query: Q;
    row: z.ZodType<Row>;
    list: (p: Principal, query: z.infer<Q>) => Promise<Page<Row>>;
    exports: ExportService;
    exporter: (
      p: Principal,
      filters: Omit<Partial<z.infer<Q>>, 'page' | 'pageSize' | 'sort'>,
      lang: Language,
    ) => Exporter<Row>;
  },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    opts.path,
    {
      config: { access: opts.read },
      schema: {
        tags: opts.tags,
        querystring: opts.query,
        response: { 200: envelopeOf(listResultOf(opts.row)) },
      },
      serializerCompiler: plainJsonSerializer,
    },
    async (req) => ok(await opts.list(principalOf(req), req.query as z.infer<Q>)),
  );
  r.get(
    `${opts.path}/export`,
    {
      config: { access: { permission: opts.exportPermission } },
      schema: { tags: opts.tags, querystring: opts.query.partial() },
    },
    (req, reply) => exportOf(opts.exports, req, reply, req.query as Partial<z.infer<Q>>, opts.exporter),
  );
};
