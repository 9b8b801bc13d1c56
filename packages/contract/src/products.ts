import { z } from 'zod';
import { dateParam, INT4_MAX, listQueryOf, queryBool, versionField } from './list';

// ---- categories (at most two levels; products attach to leaves) -------------------------------
export const CATEGORY_MAX_DEPTH = 2;
const status = z.enum(['ENABLED', 'DISABLED']);

export const categoryRow = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  status,
  productCount: z.number().int(),
  version: z.number().int(),
});
export type CategoryRow = z.infer<typeof categoryRow>;
export const categoryCreate = z
  .object({
    parentId: z.number().int().positive().nullable(),
    name: z.string().trim().min(1, 'msg:required').max(32),
    icon: z.string().trim().max(200).default(''),
    sort: z.number().int().min(0).max(9999).default(0),
    status: status.default('ENABLED'),
  })
  .strict();
export const categoryUpdate = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(32),
    icon: z.string().trim().max(200),
    sort: z.number().int().min(0).max(9999),
    status,
    version: versionField,
  })
  .strict();
/** Drag to reorder: the new parent and order of the moved siblings. */
export const categoryReorder = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.number().int().positive(),
            parentId: z.number().int().positive().nullable(),
            sort: z.number().int().min(0).max(INT4_MAX),
          })
          .strict(),
      )
      .min(1)
      .max(500),
  })
  .strict();

// ---- products (SPU) and SKUs --------------------------------------------------------------------
export const PRODUCT_TYPES = ['RECORDED', 'LIVE', 'CAMP', 'MATERIAL', 'MEMBERSHIP'] as const;
export const PRODUCT_STATUSES = ['DRAFT', 'ON', 'OFF', 'RECYCLE'] as const;
export const VALIDITY_MODES = ['FOREVER', 'DAYS', 'DATE'] as const;
export const SPEC_TYPES = ['SINGLE', 'MULTI'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** A picture the product shows: only a file uploaded to us (no `javascript:` or outside address). */
export const uploadedFileUrl = z
  .string()
  .regex(
    /^\/api\/v1\/files\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'msg:invalidValue',
  );

/** Money is integer fen (DOMAIN decision 11), stored in `bigint` columns; one amount is at most 100 million yuan. */
export const FEN_MAX = 100_000_000_00;
export const fen = z.number().int().min(0).max(FEN_MAX);

export const skuProperty = z
  .object({ name: z.string().trim().min(1).max(20), value: z.string().trim().min(1).max(40) })
  .strict();
export const skuInput = z
  .object({
    /** Present when editing an existing SKU. */
    id: z.number().int().positive().optional(),
    skuCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,40}$/, 'msg:invalidValue'),
    properties: z.array(skuProperty).max(3),
    price: fen,
    marketPrice: fen.default(0),
    costPrice: fen.default(0),
    /** null = unlimited (virtual goods). */
    stock: z.number().int().min(0).max(10_000_000).nullable(),
    status,
    /** Delivery: the class (term) a paid order of this SKU enrols into. */
    classId: z.number().int().positive().nullable().default(null),
    /** Delivery validity of this SKU; null = the product's validity. */
    validityMode: z.enum(VALIDITY_MODES).nullable().default(null),
    validityDays: z.number().int().min(1).max(36500).nullable().default(null),
    validityDate: z.iso.date().nullable().default(null),
    /** 课时包: lesson hours a paid order credits (null = a period-only SKU). */
    lessonHours: z.number().int().min(1).max(10_000).nullable().default(null),
  })
  .strict();
export type SkuInput = z.infer<typeof skuInput>;

export const platformCode = z
  .object({ platformId: z.number().int().positive(), externalId: z.string().trim().min(1).max(64) })
  .strict();

export const productInput = z
  .object({
    name: z.string().trim().min(1, 'msg:required').max(64),
    categoryId: z.number().int().positive(),
    productType: z.enum(PRODUCT_TYPES),
    gradeIds: z.array(z.number().int().positive()).max(20).default([]),
    subject: z.string().trim().max(32).default(''),
    coverUrl: uploadedFileUrl.or(z.literal('')).default(''),
    sliderUrls: z.array(uploadedFileUrl).max(9).default([]),
    intro: z.string().trim().max(500).default(''),
    /** Rich text; sanitised on the server. */
    detailHtml: z.string().max(200_000).default(''),
    specType: z.enum(SPEC_TYPES),
    sort: z.number().int().min(0).max(9999).default(0),
    virtualSales: z.number().int().min(0).max(10_000_000).default(0),
    validityMode: z.enum(VALIDITY_MODES).default('FOREVER'),
    validityDays: z.number().int().min(1).max(36500).nullable().default(null),
    validityDate: z.iso.date().nullable().default(null),
    refundDays: z.number().int().min(0).max(365).default(7),
    classId: z.number().int().positive().nullable().default(null),
    platformCodes: z.array(platformCode).max(20).default([]),
    skus: z.array(skuInput).min(1, 'msg:required').max(200),
  })
  .strict();
export type ProductInput = z.infer<typeof productInput>;
export const productUpdate = productInput.extend({ version: versionField }).strict();

export const skuRow = z.object({
  id: z.number().int(),
  spuId: z.number().int(),
  skuCode: z.string(),
  properties: z.array(z.object({ name: z.string(), value: z.string() })),
  price: z.number().int(),
  marketPrice: z.number().int(),
  costPrice: z.number().int(),
  stock: z.number().int().nullable(),
  status,
  salesCount: z.number().int(),
  classId: z.number().int().nullable(),
  validityMode: z.enum(VALIDITY_MODES).nullable(),
  validityDays: z.number().int().nullable(),
  validityDate: z.string().nullable(),
  lessonHours: z.number().int().nullable(),
  hasOrders: z.boolean(),
  version: z.number().int(),
});
export type SkuRow = z.infer<typeof skuRow>;

export const productRow = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES),
  coverUrl: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  priceMin: z.number().int(),
  priceMax: z.number().int(),
  stockTotal: z.number().int().nullable(),
  salesCount: z.number().int(),
  sort: z.number().int(),
  updatedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  version: z.number().int(),
});
export type ProductRow = z.infer<typeof productRow>;

export const productDetail = productRow.extend({
  gradeIds: z.array(z.number().int()),
  subject: z.string(),
  sliderUrls: z.array(z.string()),
  intro: z.string(),
  detailHtml: z.string(),
  specType: z.enum(SPEC_TYPES),
  virtualSales: z.number().int(),
  validityMode: z.enum(VALIDITY_MODES),
  validityDays: z.number().int().nullable(),
  validityDate: z.string().nullable(),
  refundDays: z.number().int(),
  classId: z.number().int().nullable(),
  platformCodes: z.array(z.object({ platformId: z.number().int(), externalId: z.string() })),
  skus: z.array(skuRow),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const PRODUCT_SORTS = [
  'id',
  'name',
  'priceMin',
  'salesCount',
  'sort',
  'updatedAt',
  'createdAt',
] as const;
export const productListQuery = listQueryOf(PRODUCT_SORTS, {
  keyword: z.string().trim().max(64).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  productType: z.enum(PRODUCT_TYPES).optional(),
  gradeId: z.coerce.number().int().positive().optional(),
  priceMin: z.coerce.number().int().min(0).max(FEN_MAX).optional(),
  priceMax: z.coerce.number().int().min(0).max(FEN_MAX).optional(),
  createdFrom: dateParam.optional(),
  createdTo: dateParam.optional(),
  /** true: products on sale with nothing to sell (every enabled SKU has stock 0). */
  nothingSellable: queryBool.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** Putting a product on sale whose SKUs all have stock 0 needs this confirmation. */
export const productOnSaleQuery = z.object({ confirmNoStock: queryBool.optional() }).strict();

export const productBulkStatus = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    status: z.enum(['ON', 'OFF', 'RECYCLE', 'DRAFT']),
    /** ON: also products whose SKUs all have stock 0 (the user confirmed). */
    confirmNoStock: z.boolean().optional(),
  })
  .strict();
export const productBulkCategory = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(500),
    categoryId: z.number().int().positive(),
  })
  .strict();

/** Inline SKU edit on the SKU list: stock and status (zhongtai and admin), price (admin). */
export const skuPatch = z
  .object({
    stock: z.number().int().min(0).max(10_000_000).nullable().optional(),
    status: status.optional(),
    price: fen.optional(),
    version: versionField,
  })
  .strict();

export const productStatusCounts = z.object({
  DRAFT: z.number().int(),
  ON: z.number().int(),
  OFF: z.number().int(),
  RECYCLE: z.number().int(),
});
