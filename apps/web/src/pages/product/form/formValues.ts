import type {
  PRODUCT_TYPES,
  ProductDetail,
  productInput,
  SPEC_TYPES,
  VALIDITY_MODES,
} from '@educrm/contract/products';
import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '../shared/money';
import { type FormSku, type SpecDef, specsFromSkus } from './specMatrix';

/**
 * The product form's values and their conversion to and from the API's product input: prices in
 * yuan here and fen there, specs kept beside the SKU rows, a single-spec product as one row
 * without properties. Pure functions, unit tested.
 */

export type ProductInputBody = z.input<typeof productInput>;
type StoredInput = z.infer<typeof productInput>;

export interface ProductFormValues {
  name: string;
  categoryId: number | null;
  productType: (typeof PRODUCT_TYPES)[number] | null;
  gradeIds: number[];
  subject: string;
  coverUrl: string;
  sliderUrls: string[];
  intro: string;
  detailHtml: string;
  specType: (typeof SPEC_TYPES)[number];
  specs: SpecDef[];
  skus: FormSku[];
  sort: number;
  virtualSales: number;
  validityMode: (typeof VALIDITY_MODES)[number];
  validityDays: number | null;
  validityDate: string | null;
  refundDays: number;
  classId: number | null;
  platformCodes: { platformId: number | null; externalId: string }[];
}

/** The single-spec SKU of a new product. */
export const blankSku = (skuCode: string): FormSku => ({
  properties: [],
  skuCode,
  price: null,
  marketPrice: null,
  costPrice: null,
  stock: 0,
  status: 'ENABLED',
});

/** A new product: draft defaults, one SKU. */
export const emptyFormValues = (skuCode: string): ProductFormValues => ({
  name: '',
  categoryId: null,
  productType: null,
  gradeIds: [],
  subject: '',
  coverUrl: '',
  sliderUrls: [],
  intro: '',
  detailHtml: '',
  specType: 'SINGLE',
  specs: [],
  skus: [blankSku(skuCode)],
  sort: 0,
  virtualSales: 0,
  validityMode: 'FOREVER',
  validityDays: null,
  validityDate: null,
  refundDays: 7,
  classId: null,
  platformCodes: [],
});

/** A stored product (edit) as the API's input shape, SKU ids kept. */
export const detailToInput = (d: ProductDetail): StoredInput => ({
  name: d.name,
  categoryId: d.categoryId,
  productType: d.productType,
  gradeIds: d.gradeIds,
  subject: d.subject,
  coverUrl: d.coverUrl,
  sliderUrls: d.sliderUrls,
  intro: d.intro,
  detailHtml: d.detailHtml,
  specType: d.specType,
  sort: d.sort,
  virtualSales: d.virtualSales,
  validityMode: d.validityMode,
  validityDays: d.validityDays,
  validityDate: d.validityDate,
  refundDays: d.refundDays,
  classId: d.classId,
  platformCodes: d.platformCodes,
  skus: d.skus.map((k) => ({
    id: k.id,
    skuCode: k.skuCode,
    properties: k.properties,
    price: k.price,
    marketPrice: k.marketPrice,
    costPrice: k.costPrice,
    stock: k.stock,
    status: k.status,
    classId: k.classId,
    validityMode: k.validityMode,
    validityDays: k.validityDays,
    validityDate: k.validityDate,
    lessonHours: k.lessonHours,
  })),
});

/** The API's input (edit: a stored product; copy: the server's copy draft) as form values. */
export const inputToFormValues = (input: StoredInput): ProductFormValues => {
  const skus: FormSku[] = input.skus.map((k) => ({
    ...(k.id === undefined ? {} : { id: k.id }),
    properties: k.properties.map((p) => ({ name: p.name, value: p.value })),
    skuCode: k.skuCode,
    price: fenToYuan(k.price),
    marketPrice: k.marketPrice ? fenToYuan(k.marketPrice) : null,
    costPrice: k.costPrice ? fenToYuan(k.costPrice) : null,
    stock: k.stock,
    status: k.status,
    classId: k.classId ?? null,
    validityMode: k.validityMode ?? null,
    validityDays: k.validityDays ?? null,
    validityDate: k.validityDate ?? null,
    lessonHours: k.lessonHours ?? null,
  }));
  return {
    name: input.name,
    categoryId: input.categoryId,
    productType: input.productType,
    gradeIds: input.gradeIds,
    subject: input.subject,
    coverUrl: input.coverUrl,
    sliderUrls: input.sliderUrls,
    intro: input.intro,
    detailHtml: input.detailHtml,
    specType: input.specType,
    specs: input.specType === 'MULTI' ? specsFromSkus(skus) : [],
    skus,
    sort: input.sort,
    virtualSales: input.virtualSales,
    validityMode: input.validityMode,
    validityDays: input.validityDays,
    validityDate: input.validityDate,
    refundDays: input.refundDays,
    classId: input.classId,
    platformCodes: input.platformCodes.map((p) => ({ platformId: p.platformId, externalId: p.externalId })),
  };
};

/**
 * The body to send. Validation has passed (required fields are set); a single-spec product sends
 * its one row without properties. Optional money left blank is 0 fen.
 */
export const formValuesToInput = (v: ProductFormValues): ProductInputBody => {
  const rows = v.specType === 'SINGLE' ? v.skus.slice(0, 1).map((k) => ({ ...k, properties: [] })) : v.skus;
  return {
    name: v.name.trim(),
    categoryId: v.categoryId ?? 0,
    productType: v.productType ?? 'RECORDED',
    gradeIds: v.gradeIds ?? [],
    subject: (v.subject ?? '').trim(),
    coverUrl: v.coverUrl ?? '',
    sliderUrls: v.sliderUrls ?? [],
    intro: (v.intro ?? '').trim(),
    detailHtml: v.detailHtml ?? '',
    specType: v.specType,
    sort: v.sort ?? 0,
    virtualSales: v.virtualSales ?? 0,
    validityMode: v.validityMode,
    validityDays: v.validityMode === 'DAYS' ? v.validityDays : null,
    validityDate: v.validityMode === 'DATE' ? v.validityDate : null,
    refundDays: v.refundDays ?? 0,
    classId: v.classId ?? null,
    platformCodes: (v.platformCodes ?? [])
      .filter((p) => p.platformId !== null && p.externalId.trim() !== '')
      .map((p) => ({ platformId: p.platformId as number, externalId: p.externalId.trim() })),
    skus: rows.map((k) => ({
      ...(k.id === undefined ? {} : { id: k.id }),
      skuCode: k.skuCode.trim(),
      properties: k.properties,
      price: yuanToFen(k.price) ?? 0,
      marketPrice: yuanToFen(k.marketPrice) ?? 0,
      costPrice: yuanToFen(k.costPrice) ?? 0,
      stock: k.stock,
      status: k.status,
      classId: k.classId ?? null,
      validityMode: k.validityMode ?? null,
      validityDays: k.validityMode === 'DAYS' ? (k.validityDays ?? null) : null,
      validityDate: k.validityMode === 'DATE' ? (k.validityDate ?? null) : null,
      lessonHours: k.lessonHours ?? null,
    })),
  };
};

export interface ReplacedSku {
  id: number;
  properties: FormSku['properties'];
  change: 'removed' | 'replaced';
}

/**
 * Stored SKUs with orders that this edit takes out of sale: their specs changed (the server
 * disables the old SKU, keeps it for past orders, and creates a new one) or they were removed
 * (disabled and kept rather than deleted).
 */
export const replacedSkus = (
  stored: readonly { id: number; hasOrders: boolean; properties: FormSku['properties'] }[],
  rows: readonly FormSku[],
  specType: ProductFormValues['specType'],
) => {
  const key = (props: FormSku['properties']) => JSON.stringify(props.map((p) => [p.name, p.value]));
  return stored.flatMap((old): ReplacedSku[] => {
    if (!old.hasOrders) return [];
    const row = (specType === 'SINGLE' ? rows.slice(0, 1) : rows).find((k) => k.id === old.id);
    if (!row) return [{ id: old.id, properties: old.properties, change: 'removed' }];
    const props = specType === 'SINGLE' ? [] : row.properties;
    return key(props) === key(old.properties)
      ? []
      : [{ id: old.id, properties: old.properties, change: 'replaced' }];
  });
};
