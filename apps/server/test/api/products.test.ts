import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, DEMO_PASSWORD, type TestApp } from '../support/app';
import { makeLeafCategory, productBody, uploadImage } from '../support/commerce';

let t: TestApp;
let admin: string;
let zhongtai: string;
let leafId: number;
let rootId: number;
let cover: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', ADMIN_PASSWORD);
  zhongtai = await t.login('zhongtai1', DEMO_PASSWORD);
  ({ leafId, rootId } = await makeLeafCategory(t, admin));
  cover = await uploadImage(t, admin);
});
afterAll(async () => t.close());

describe('categories', () => {
  it('keep at most two levels, unique names among siblings, and refuse deleting in-use ones', async () => {
    const third = await t.call('POST', '/api/v1/product/categories', {
      token: admin,
      body: { parentId: leafId, name: '三级' },
    });
    expect(third.status).toBe(400);
    expect(third.body.data.fields.parentId).toBeTruthy();
    const dup = await t.call('POST', '/api/v1/product/categories', {
      token: admin,
      body: { parentId: rootId, name: '小学数学' },
    });
    expect(dup.body.data.fields.name).toBeTruthy();
    expect((await t.call('DELETE', `/api/v1/product/categories/${rootId}`, { token: admin })).status).toBe(
      409,
    );
    // zhongtai may write categories (DOMAIN decision 4); siyu may not even read them.
    const zt = await t.call('POST', '/api/v1/product/categories', {
      token: zhongtai,
      body: { parentId: rootId, name: '初中物理' },
    });
    expect(zt.status).toBe(200);
    const siyu = await t.login('siyu1', DEMO_PASSWORD);
    expect((await t.call('GET', '/api/v1/product/categories', { token: siyu })).status).toBe(403);
  });
  it('reorders by drag and drop, refusing moves that break the rules', async () => {
    const list = (await t.call('GET', '/api/v1/product/categories', { token: admin })).body.data.items;
    const physics = list.find((c: { name: string }) => c.name === '初中物理');
    const ok = await t.call('POST', '/api/v1/product/categories/reorder', {
      token: admin,
      body: {
        items: [
          { id: physics.id, parentId: rootId, sort: 0 },
          { id: leafId, parentId: rootId, sort: 1 },
        ],
      },
    });
    expect(ok.status).toBe(200);
    const bad = await t.call('POST', '/api/v1/product/categories/reorder', {
      token: admin,
      body: { items: [{ id: rootId, parentId: leafId, sort: 0 }] },
    });
    expect(bad.status).toBe(400);
  });
});

describe('products', () => {
  let id: number;
  it('creates a draft with SKUs, derives the price range and sanitises the details', async () => {
    const res = await t.call('POST', '/api/v1/products', { token: admin, body: productBody(leafId, cover) });
    expect(res.status).toBe(200);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({
      status: 'DRAFT',
      priceMin: 99900,
      priceMax: 129900,
      stockTotal: null,
    });
    expect(res.body.data.skus).toHaveLength(2);
    expect(res.body.data.detailHtml).toContain('每周三次直播');
    expect(res.body.data.detailHtml).not.toMatch(/script|onerror/);
  });

  it('validates SKUs and the category', async () => {
    const dupCode = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(leafId, cover),
    });
    expect(dupCode.body.data?.fields?.['skus.0.skuCode']).toBeTruthy();
    const notLeaf = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(rootId, cover, {
        skus: [
          {
            skuCode: 'X-1',
            properties: [{ name: 'a', value: 'b' }],
            price: 100,
            stock: null,
            status: 'ENABLED',
          },
        ],
      }),
    });
    expect(notLeaf.body.data.fields.categoryId).toBeTruthy();
    const single = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(leafId, cover, {
        specType: 'SINGLE',
        skus: [
          { skuCode: 'S-1', properties: [], price: 100, stock: null, status: 'ENABLED' },
          { skuCode: 'S-2', properties: [], price: 100, stock: null, status: 'ENABLED' },
        ],
      }),
    });
    expect(single.body.data.fields.skus).toBeTruthy();
    expect(
      (await t.call('POST', '/api/v1/products', { token: zhongtai, body: productBody(leafId, cover) }))
        .status,
    ).toBe(403);
  });

  it('puts on sale only when sellable; zhongtai may change the shelf status', async () => {
    const noCover = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(leafId, '', {
        name: '无封面',
        skus: [
          {
            skuCode: 'NC-1',
            properties: [{ name: '版本', value: '标准' }],
            price: 100,
            stock: null,
            status: 'ENABLED',
          },
        ],
      }),
    });
    const refused = await t.call('POST', `/api/v1/products/${noCover.body.data.id}/on-sale`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/封面|cover/);
    expect((await t.call('POST', `/api/v1/products/${id}/on-sale`, { token: zhongtai })).status).toBe(200);
    const list = await t.call('GET', '/api/v1/products?status=ON', { token: zhongtai });
    expect(list.body.data.items.map((p: { id: number }) => p.id)).toEqual([id]);
    const counts = await t.call('GET', '/api/v1/products/status-counts', { token: admin });
    expect(counts.body.data).toMatchObject({ ON: 1, DRAFT: 1, OFF: 0, RECYCLE: 0 });
    expect((await t.call('POST', `/api/v1/products/${id}/recycle`, { token: zhongtai })).status).toBe(403);
  });

  it('refuses to put on sale with every SKU at stock 0 until confirmed, and lists such products', async () => {
    const empty = await t.call('POST', '/api/v1/products', {
      token: admin,
      body: productBody(leafId, cover, {
        name: '无库存商品',
        skus: [
          {
            skuCode: 'NS-1',
            properties: [{ name: '版本', value: '春季' }],
            price: 100,
            stock: 0,
            status: 'ENABLED',
          },
          {
            skuCode: 'NS-2',
            properties: [{ name: '版本', value: '秋季' }],
            price: 100,
            stock: 0,
            status: 'ENABLED',
          },
        ],
      }),
    });
    const emptyId = empty.body.data.id as number;
    const refused = await t.call('POST', `/api/v1/products/${emptyId}/on-sale`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ reason: 'NO_STOCK', skus: ['春季', '秋季'] });
    expect(refused.body.msg).toContain('春季、秋季');
    const bulk = await t.call('POST', '/api/v1/products/bulk/status', {
      token: admin,
      body: { ids: [emptyId], status: 'ON' },
    });
    expect(bulk.body.data.results[0]).toMatchObject({ ok: false, code: 409 });
    const confirmed = await t.call('POST', `/api/v1/products/${emptyId}/on-sale?confirmNoStock=true`, {
      token: admin,
    });
    expect(confirmed.status).toBe(200);
    const none = await t.call('GET', '/api/v1/products?nothingSellable=true', { token: admin });
    expect(none.body.data.items.map((p: { id: number }) => p.id)).toEqual([emptyId]);
    // Selling out later is normal: stock 0 on an on-sale product's SKU is accepted.
    expect((await t.call('POST', `/api/v1/products/${emptyId}/off-sale`, { token: admin })).status).toBe(200);
    expect((await t.call('POST', `/api/v1/products/${emptyId}/recycle`, { token: admin })).status).toBe(200);
  });

  it('copies as a draft "<name>（副本）" with new SKU codes, zero stock and no platform ids', async () => {
    const draft = await t.call('GET', `/api/v1/products/${id}/copy-draft`, { token: admin });
    expect(draft.body.data.name).toBe('小学数学思维训练营（副本）');
    expect(draft.body.data.skus.map((k: { skuCode: string }) => k.skuCode)).not.toContain('MATH-G3-SPRING');
    expect(draft.body.data.skus.map((k: { stock: number | null }) => k.stock)).toEqual([null, 0]);
    expect(draft.body.data.platformCodes).toEqual([]);
    const created = await t.call('POST', '/api/v1/products', { token: admin, body: draft.body.data });
    expect(created.status).toBe(200);
    expect(created.body.data.status).toBe('DRAFT');
    expect(created.body.data.salesCount).toBe(0);
  });

  it('edits with a version (409 when stale) and inline-edits SKUs per permission', async () => {
    const before = (await t.call('GET', `/api/v1/products/${id}`, { token: admin })).body.data;
    const body = {
      ...productBody(leafId, cover),
      name: '小学数学思维训练营（春季）',
      skus: before.skus.map((k: Record<string, unknown>) => ({
        id: k.id,
        skuCode: k.skuCode,
        properties: k.properties,
        price: k.price,
        marketPrice: 0,
        costPrice: 0,
        stock: k.stock,
        status: k.status,
      })),
      version: before.version,
    };
    const edited = await t.call('PUT', `/api/v1/products/${id}`, { token: admin, body });
    expect(edited.status).toBe(200);
    expect((await t.call('PUT', `/api/v1/products/${id}`, { token: admin, body })).status).toBe(409);
    const sku = (await t.call('GET', `/api/v1/products/${id}/skus`, { token: admin })).body.data.items[1];
    const stock = await t.call('PATCH', `/api/v1/skus/${sku.id}`, {
      token: zhongtai,
      body: { stock: 50, version: sku.version },
    });
    expect(stock.status).toBe(200);
    const price = await t.call('PATCH', `/api/v1/skus/${sku.id}`, {
      token: zhongtai,
      body: { price: 1, version: sku.version + 1 },
    });
    expect(price.status).toBe(403);
    const adminPrice = await t.call('PATCH', `/api/v1/skus/${sku.id}`, {
      token: admin,
      body: { price: 139900, version: sku.version + 1 },
    });
    expect(adminPrice.status).toBe(200);
    const after = (await t.call('GET', `/api/v1/products/${id}/skus`, { token: zhongtai })).body.data.items;
    expect(after.find((k: { id: number }) => k.id === sku.id)).toMatchObject({ stock: 50, price: 139900 });
  });

  it('bulk status answers per id; recycle then permanent delete when never sold', async () => {
    const list = (await t.call('GET', '/api/v1/products?status=DRAFT', { token: admin })).body.data.items;
    const ids = list.map((p: { id: number }) => p.id);
    const bulk = await t.call('POST', '/api/v1/products/bulk/status', {
      token: admin,
      body: { ids: [...ids, 999999], status: 'RECYCLE' },
    });
    expect(bulk.body.data.succeeded).toBe(ids.length);
    expect(bulk.body.data.results.find((r: { id: number }) => r.id === 999999)).toMatchObject({
      ok: false,
      code: 404,
    });
    expect((await t.call('DELETE', `/api/v1/products/${id}`, { token: admin })).status).toBe(409);
    expect((await t.call('DELETE', `/api/v1/products/${ids[0]}`, { token: admin })).status).toBe(200);
  });
});

describe('options for the product pages', () => {
  it('lets zhongtai read the grade and platform options (list filters)', async () => {
    const res = await t.call('GET', '/api/v1/dict/options', { token: zhongtai });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.data.grades)).toBe(true);
    expect(Array.isArray(res.body.data.platforms)).toBe(true);
  });
});
