import type { DictOptions } from '@educrm/contract/dictionaries';
import type { BulkResult } from '@educrm/contract/list';
import type {
  CategoryRow,
  categoryCreate,
  categoryReorder,
  categoryUpdate,
  ProductDetail,
  ProductRow,
  ProductStatus,
  productInput,
  productStatusCounts,
  productUpdate,
  SkuRow,
  skuPatch,
} from '@educrm/contract/products';
import type { z } from 'zod';
import { request } from './http';
import type { ListParams, ListResult } from './list';
import { type LookupContext, lookupHeaders } from './lookups';

/**
 * Product management calls (DOMAIN section 5), typed by the contract. Money is integer fen here;
 * the pages convert to yuan for display and input. Writes are `silent`: forms and confirm dialogs
 * show the server's reason themselves.
 */
const CATEGORIES = '/v1/product/categories';
const PRODUCTS = '/v1/products';

export const productKeys = {
  all: ['product'] as const,
  categories: ['product', 'categories'] as const,
  products: ['product', 'products'] as const,
  statusCounts: ['product', 'products', 'status-counts'] as const,
  detail: (id: number) => ['product', 'products', 'detail', id] as const,
  skus: (id: number) => ['product', 'products', 'skus', id] as const,
  dictOptions: ['product', 'dict-options'] as const,
};

// ---- categories ---------------------------------------------------------------------------------
export const listCategories = () => request<{ items: CategoryRow[] }>({ url: CATEGORIES, method: 'get' });

export const createCategory = (body: z.input<typeof categoryCreate>) =>
  request<{ id: number }>({ url: CATEGORIES, method: 'post', data: body, silent: true });

export const updateCategory = (id: number, body: z.input<typeof categoryUpdate>) =>
  request<null>({ url: `${CATEGORIES}/${id}`, method: 'put', data: body, silent: true });

export const reorderCategories = (body: z.input<typeof categoryReorder>) =>
  request<null>({ url: `${CATEGORIES}/reorder`, method: 'post', data: body, silent: true });

export const deleteCategory = (id: number) =>
  request<null>({ url: `${CATEGORIES}/${id}`, method: 'delete', silent: true });

// ---- products -----------------------------------------------------------------------------------
export const listProducts = (params: ListParams) =>
  request<ListResult<ProductRow>>({ url: PRODUCTS, method: 'get', params });

export const productStatusCountsOf = (params: ListParams) =>
  request<z.infer<typeof productStatusCounts>>({ url: `${PRODUCTS}/status-counts`, method: 'get', params });

export const getProduct = (id: number) =>
  request<ProductDetail>({ url: `${PRODUCTS}/${id}`, method: 'get', silent: true });

/** The form's starting values for a copy: "<name>（副本）", new SKU codes, stock 0, no platform ids. */
export const getCopyDraft = (id: number) =>
  request<z.infer<typeof productInput>>({ url: `${PRODUCTS}/${id}/copy-draft`, method: 'get', silent: true });

export const createProduct = (body: z.input<typeof productInput>) =>
  request<ProductDetail>({ url: PRODUCTS, method: 'post', data: body, silent: true, timeout: 15_000 });

export const updateProduct = (id: number, body: z.input<typeof productUpdate>) =>
  request<ProductDetail>({
    url: `${PRODUCTS}/${id}`,
    method: 'put',
    data: body,
    silent: true,
    timeout: 15_000,
  });

/** The row actions of the list: shelf status, recycle bin and back. */
export type ProductVerb = 'on-sale' | 'off-sale' | 'recycle' | 'restore';

export const productAction = (id: number, verb: ProductVerb, opts: { confirmNoStock?: boolean } = {}) =>
  request<null>({
    url: `${PRODUCTS}/${id}/${verb}`,
    method: 'post',
    params: opts.confirmNoStock ? { confirmNoStock: 'true' } : undefined,
    silent: true,
  });

/** Hard delete: only from the recycle bin and only when never sold. */
export const purgeProduct = (id: number) =>
  request<null>({ url: `${PRODUCTS}/${id}`, method: 'delete', silent: true });

export const bulkProductStatus = (ids: number[], status: ProductStatus) =>
  request<BulkResult>({
    url: `${PRODUCTS}/bulk/status`,
    method: 'post',
    data: { ids, status },
    silent: true,
    timeout: 30_000,
  });

export const bulkProductCategory = (ids: number[], categoryId: number) =>
  request<BulkResult>({
    url: `${PRODUCTS}/bulk/category`,
    method: 'post',
    data: { ids, categoryId },
    silent: true,
    timeout: 30_000,
  });

// ---- SKUs ---------------------------------------------------------------------------------------
export const listSkus = (productId: number) =>
  request<{ items: SkuRow[] }>({ url: `${PRODUCTS}/${productId}/skus`, method: 'get' });

/** Inline edit on the SKU list: stock and status (product.sku.stock/status), price (product.sku.price). */
export const patchSku = (id: number, body: z.input<typeof skuPatch>) =>
  request<null>({ url: `/v1/skus/${id}`, method: 'patch', data: body, silent: true });

// ---- images and options -------------------------------------------------------------------------
/** Product pictures (cover, gallery, pictures in the details): multipart, answers the image's URL. */
export const uploadProductImage = (file: Blob, onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file);
  return request<{ id: string; url: string }>({
    url: '/v1/files/images',
    method: 'post',
    data: form,
    timeout: 60_000,
    silent: true,
    onUploadProgress: (e) => {
      if (onProgress && e.total) onProgress(Math.round((e.loaded / e.total) * 100));
    },
  });
};

/** Platforms (external product ids) and grades for the product form and filters. */
export const getDictOptions = (ctx?: LookupContext) =>
  request<DictOptions>({ url: '/v1/dict/options', method: 'get', headers: lookupHeaders(ctx) });
