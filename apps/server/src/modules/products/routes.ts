import {
  bulkResult,
  categoryCreate,
  categoryReorder,
  categoryRow,
  categoryUpdate,
  envelopeOf,
  idParam,
  listResultOf,
  productBulkCategory,
  productBulkStatus,
  productDetail,
  productInput,
  productListQuery,
  productOnSaleQuery,
  productRow,
  productStatusCounts,
  productUpdate,
  skuPatch,
  skuRow,
} from '@educrm/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { runBulk } from '../../lib/bulk';
import { forbidden } from '../../lib/errors';
import { ok } from '../../lib/list';
import { principalOf, requestIp, requestLanguage } from '../../lib/request-context';
import type { CategoryService } from './categories.service';
import type { ProductService } from './products.service';

const READ = {
  permission: [
    'product.list',
    'product.add',
    'product.edit',
    'product.copy',
    'product.sku-list',
    'product.category',
  ],
} as const;

/** The category list also feeds the data centre's product filters. */
const CATEGORY_READ = {
  permission: [...READ.permission, 'data.product-daily', 'data.product-overview'],
} as const;

export const productRoutes = async (
  app: FastifyInstance,
  opts: { categories: CategoryService; products: ProductService },
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];
  const none = envelopeOf(z.null());
  const created = envelopeOf(z.object({ id: z.number().int() }));

  // ---- categories
  r.get(
    '/api/v1/product/categories',
    {
      config: { access: CATEGORY_READ },
      schema: { tags, response: { 200: envelopeOf(z.object({ items: z.array(categoryRow) })) } },
    },
    async () => ok({ items: await opts.categories.list() }),
  );
  const CAT_WRITE = { permission: 'product.category.write' } as const;
  r.post(
    '/api/v1/product/categories',
    { config: { access: CAT_WRITE }, schema: { tags, body: categoryCreate, response: { 200: created } } },
    async (req) => ok({ id: await opts.categories.create(principalOf(req), req.body, requestIp(req)) }),
  );
  r.put(
    '/api/v1/product/categories/:id',
    {
      config: { access: CAT_WRITE },
      schema: { tags, params: idParam, body: categoryUpdate, response: { 200: none } },
    },
    async (req) => {
      await opts.categories.update(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    '/api/v1/product/categories/reorder',
    { config: { access: CAT_WRITE }, schema: { tags, body: categoryReorder, response: { 200: none } } },
    async (req) => {
      await opts.categories.reorder(principalOf(req), req.body, requestIp(req));
      return ok(null);
    },
  );
  r.delete(
    '/api/v1/product/categories/:id',
    { config: { access: CAT_WRITE }, schema: { tags, params: idParam, response: { 200: none } } },
    async (req) => {
      await opts.categories.remove(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );

  // ---- products
  r.get(
    '/api/v1/products',
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: productListQuery,
        response: { 200: envelopeOf(listResultOf(productRow)) },
      },
    },
    async (req) => ok(await opts.products.list(req.query)),
  );
  r.get(
    '/api/v1/products/status-counts',
    {
      config: { access: READ },
      schema: {
        tags,
        querystring: productListQuery.partial(),
        response: { 200: envelopeOf(productStatusCounts) },
      },
    },
    async (req) => ok(await opts.products.statusCounts(req.query)),
  );
  r.get(
    '/api/v1/products/:id',
    {
      config: { access: READ },
      schema: { tags, params: idParam, response: { 200: envelopeOf(productDetail) } },
    },
    async (req) => ok(await opts.products.get(req.params.id)),
  );
  r.get(
    '/api/v1/products/:id/copy-draft',
    {
      config: { access: { permission: 'product.create' } },
      schema: { tags, params: idParam, response: { 200: envelopeOf(productInput) } },
    },
    async (req) => ok(await opts.products.copyDraft(req.params.id)),
  );
  r.post(
    '/api/v1/products',
    {
      config: { access: { permission: 'product.create' } },
      schema: { tags, body: productInput, response: { 200: envelopeOf(productDetail) } },
    },
    async (req) => ok(await opts.products.create(principalOf(req), req.body, requestIp(req))),
  );
  r.put(
    '/api/v1/products/:id',
    {
      config: { access: { permission: 'product.update' } },
      schema: { tags, params: idParam, body: productUpdate, response: { 200: envelopeOf(productDetail) } },
    },
    async (req) => ok(await opts.products.update(principalOf(req), req.params.id, req.body, requestIp(req))),
  );
  const verbs = [
    ['on-sale', 'ON', 'product.status'],
    ['off-sale', 'OFF', 'product.status'],
    ['recycle', 'RECYCLE', 'product.delete'],
    ['restore', 'OFF', 'product.delete'],
  ] as const;
  for (const [verb, status, permission] of verbs) {
    r.post(
      `/api/v1/products/:id/${verb}`,
      {
        config: { access: { permission } },
        schema: { tags, params: idParam, querystring: productOnSaleQuery, response: { 200: none } },
      },
      async (req) => {
        await opts.products.setStatus(principalOf(req), req.params.id, status, requestIp(req), {
          confirmNoStock: req.query.confirmNoStock,
        });
        return ok(null);
      },
    );
  }
  r.delete(
    '/api/v1/products/:id',
    {
      config: { access: { permission: 'product.delete' } },
      schema: { tags, params: idParam, response: { 200: none } },
    },
    async (req) => {
      await opts.products.purge(principalOf(req), req.params.id, requestIp(req));
      return ok(null);
    },
  );
  r.post(
    '/api/v1/products/bulk/status',
    {
      config: { access: { permission: 'product.status' } },
      schema: { tags, body: productBulkStatus, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => {
      const p = principalOf(req);
      if (
        (req.body.status === 'RECYCLE' || req.body.status === 'DRAFT') &&
        !p.permissions.has('product.delete')
      ) {
        return ok(
          await runBulk(req.body.ids, requestLanguage(req), async () => {
            throw forbidden();
          }),
        );
      }
      return ok(
        await runBulk(req.body.ids, requestLanguage(req), (id) =>
          opts.products.setStatus(p, id, req.body.status, requestIp(req), {
            confirmNoStock: req.body.confirmNoStock,
          }),
        ),
      );
    },
  );
  r.post(
    '/api/v1/products/bulk/category',
    {
      config: { access: { permission: 'product.update' } },
      schema: { tags, body: productBulkCategory, response: { 200: envelopeOf(bulkResult) } },
    },
    async (req) => {
      const p = principalOf(req);
      return ok(
        await runBulk(req.body.ids, requestLanguage(req), (id) =>
          opts.products.setCategory(p, id, req.body.categoryId, requestIp(req)),
        ),
      );
    },
  );

  // ---- SKUs
  r.get(
    '/api/v1/products/:id/skus',
    {
      config: { access: { permission: ['product.sku-list', 'product.list'] } },
      schema: { tags, params: idParam, response: { 200: envelopeOf(z.object({ items: z.array(skuRow) })) } },
    },
    async (req) => ok({ items: await opts.products.skuList(req.params.id) }),
  );
  r.patch(
    '/api/v1/skus/:id',
    {
      config: { access: { permission: ['product.sku.stock', 'product.sku.status', 'product.sku.price'] } },
      schema: { tags, params: idParam, body: skuPatch, response: { 200: none } },
    },
    async (req) => {
      await opts.products.patchSku(principalOf(req), req.params.id, req.body, requestIp(req));
      return ok(null);
    },
  );
};
