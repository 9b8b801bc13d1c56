import type { ProductDetail } from '@educrm/contract/products';
import { describe, expect, test } from 'vitest';
import {
  detailToInput,
  emptyFormValues,
  formValuesToInput,
  inputToFormValues,
  replacedSkus,
} from './formValues';

const detail: ProductDetail = {
  id: 7,
  name: '思维课',
  categoryId: 3,
  categoryName: '小学',
  productType: 'LIVE',
  coverUrl: '/api/v1/files/x',
  status: 'ON',
  priceMin: 9900,
  priceMax: 19900,
  stockTotal: 10,
  salesCount: 2,
  sort: 5,
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  version: 3,
  gradeIds: [1],
  subject: '数学',
  sliderUrls: [],
  intro: '卖点',
  detailHtml: '<p>x</p>',
  specType: 'MULTI',
  virtualSales: 0,
  validityMode: 'DAYS',
  validityDays: 365,
  validityDate: null,
  refundDays: 7,
  classId: null,
  platformCodes: [{ platformId: 2, externalId: 'TB-1' }],
  skus: [
    {
      id: 11,
      spuId: 7,
      skuCode: 'A-1',
      properties: [{ name: '版本', value: '基础' }],
      price: 9900,
      marketPrice: 0,
      costPrice: 1234,
      stock: 10,
      status: 'ENABLED',
      salesCount: 2,
      classId: null,
      validityMode: null,
      validityDays: null,
      validityDate: null,
      lessonHours: null,
      hasOrders: true,
      version: 1,
    },
    {
      id: 12,
      spuId: 7,
      skuCode: 'A-2',
      properties: [{ name: '版本', value: '进阶' }],
      price: 19900,
      marketPrice: 29900,
      costPrice: 0,
      stock: null,
      status: 'DISABLED',
      salesCount: 0,
      classId: null,
      validityMode: null,
      validityDays: null,
      validityDate: null,
      lessonHours: null,
      hasOrders: false,
      version: 1,
    },
  ],
};

describe('product form values', () => {
  test('a stored product becomes form values in yuan with its specs', () => {
    const v = inputToFormValues(detailToInput(detail));
    expect(v.specs).toEqual([{ name: '版本', values: ['基础', '进阶'] }]);
    expect(v.skus.map((k) => [k.id, k.price, k.marketPrice, k.costPrice, k.stock])).toEqual([
      [11, 99, null, 12.34, 10],
      [12, 199, 299, null, null],
    ]);
    expect(v.platformCodes).toEqual([{ platformId: 2, externalId: 'TB-1' }]);
  });

  test('and back to the same input in fen', () => {
    const input = detailToInput(detail);
    expect(formValuesToInput(inputToFormValues(input))).toEqual(input);
  });

  test('a single-spec product sends one SKU without properties', () => {
    const v = {
      ...emptyFormValues('S-1'),
      name: ' 资料包 ',
      categoryId: 3,
      productType: 'MATERIAL' as const,
    };
    v.skus = [{ ...v.skus[0], price: 19.99, stock: null } as (typeof v.skus)[number]];
    const body = formValuesToInput(v);
    expect(body.name).toBe('资料包');
    expect(body.skus).toEqual([
      {
        skuCode: 'S-1',
        properties: [],
        price: 1999,
        marketPrice: 0,
        costPrice: 0,
        stock: null,
        status: 'ENABLED',
        classId: null,
        lessonHours: null,
        validityMode: null,
        validityDays: null,
        validityDate: null,
      },
    ]);
  });

  test('validity sends only the value of its mode; blank external ids are dropped', () => {
    const v = {
      ...emptyFormValues('S-1'),
      validityMode: 'DATE' as const,
      validityDays: 30,
      validityDate: '2027-01-01',
    };
    v.platformCodes = [
      { platformId: 1, externalId: ' X ' },
      { platformId: null, externalId: 'Y' },
      { platformId: 2, externalId: '' },
    ];
    const body = formValuesToInput(v);
    expect(body.validityDays).toBeNull();
    expect(body.validityDate).toBe('2027-01-01');
    expect(body.platformCodes).toEqual([{ platformId: 1, externalId: 'X' }]);
  });

  test('SKUs with orders whose specs change or that are removed are reported', () => {
    const rows = inputToFormValues(detailToInput(detail)).skus;
    expect(replacedSkus(detail.skus, rows, 'MULTI')).toEqual([]);
    const renamed = rows.map((k) =>
      k.id === 11 ? { ...k, properties: [{ name: '版本', value: '标准' }] } : k,
    );
    expect(replacedSkus(detail.skus, renamed, 'MULTI')).toEqual([
      { id: 11, properties: [{ name: '版本', value: '基础' }], change: 'replaced' },
    ]);
    expect(replacedSkus(detail.skus, rows.slice(1), 'MULTI')).toMatchObject([{ id: 11, change: 'removed' }]);
    // to a single spec: the kept first row loses its properties
    expect(replacedSkus(detail.skus, rows, 'SINGLE')).toMatchObject([{ id: 11, change: 'replaced' }]);
  });
});
