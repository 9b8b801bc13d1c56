import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeLeafCategory, productBody, uploadImage } from '../support/commerce';

let t: TestApp;
let admin: string;
let siyu: string;
let zhongtai: string;
let onSaleId: number;
let draftId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  siyu = await t.login('siyu1', DEMO_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  const { leafId } = await makeLeafCategory(t, admin);
  const cover = await uploadImage(t, admin);
  const on = await t.call('POST', '/api/v1/products', { token: admin, body: productBody(leafId, cover) });
  onSaleId = on.body.data.id;
  await t.call('POST', `/api/v1/products/${onSaleId}/on-sale`, { token: admin });
  const draft = await t.call('POST', '/api/v1/products', {
    token: admin,
    body: productBody(leafId, cover, {
      name: '初中英语草稿课',
      skus: [{ skuCode: 'ENG-DRAFT', properties: [], price: 5000, stock: null, status: 'ENABLED' }],
      specType: 'SINGLE',
    }),
  });
  draftId = draft.body.data.id;
});
afterAll(async () => t.close());

const options = (token: string, query = '') => t.call('GET', `/api/v1/orders/sku-options${query}`, { token });

describe('GET /api/v1/orders/sku-options', () => {
  it('lists orderable SKUs to sales staff, who have no product pages', async () => {
    expect((await t.call('GET', '/api/v1/products', { token: siyu })).status).toBe(403);
    const res = await options(siyu, '?keyword=思维');
    expect(res.status).toBe(200);
    const items = res.body.data.items as { spuId: number; skuSpec: string; price: number; onSale: boolean }[];
    expect(items.map((i) => i.price).sort((a, b) => a - b)).toEqual([99900, 129900]);
    expect(items.every((i) => i.spuId === onSaleId && i.onSale)).toBe(true);
    expect(items[0]?.skuSpec).toBe('年级:三年级 / 学期:春季');
    // Drafts are not orderable; by SKU code or spec text too.
    expect((await options(siyu, '?keyword=ENG-DRAFT')).body.data.items).toEqual([]);
    expect((await options(siyu, '?keyword=四年级')).body.data.items).toHaveLength(1);
  });

  it('lists every SKU of a product for filters with onSale=false', async () => {
    const res = await options(admin, `?spuId=${draftId}&onSale=false`);
    expect(res.body.data.items).toMatchObject([{ spuId: draftId, skuCode: 'ENG-DRAFT', onSale: false }]);
  });

  it('needs an order page code', async () => {
    expect((await options(zhongtai)).status).toBe(403);
  });
});
