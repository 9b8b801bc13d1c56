import { describe, expect, test } from 'vitest';
import {
  buildSkuMatrix,
  cleanSpecs,
  codePrefix,
  combinationCount,
  combinations,
  type FormSku,
  fillAll,
  renameSpec,
  renameSpecValue,
  specsFromSkus,
} from './specMatrix';

const code = (i: number) => `NEW-${i}`;
const sku = (props: [string, string][], more: Partial<FormSku> = {}): FormSku => ({
  properties: props.map(([name, value]) => ({ name, value })),
  skuCode: `C-${props.map(([, v]) => v).join('-')}`,
  price: 10,
  marketPrice: null,
  costPrice: null,
  stock: 5,
  status: 'ENABLED',
  ...more,
});
const valuesOf = (rows: FormSku[]) => rows.map((r) => r.properties.map((p) => p.value).join('/'));

describe('spec generator', () => {
  test('every combination of values, the first spec varying slowest', () => {
    const specs = [
      { name: '版本', values: ['基础', '进阶'] },
      { name: '时长', values: ['1年', '2年', '3年'] },
    ];
    expect(combinations(specs).map((c) => c.map((p) => p.value).join('/'))).toEqual([
      '基础/1年',
      '基础/2年',
      '基础/3年',
      '进阶/1年',
      '进阶/2年',
      '进阶/3年',
    ]);
    expect(combinationCount(specs)).toBe(6);
    expect(combinations([])).toEqual([]);
    expect(combinationCount([])).toBe(0);
  });

  test('blank names, blank or repeated values and empty specs are ignored', () => {
    expect(
      cleanSpecs([
        { name: ' 版本 ', values: [' 基础', '基础', '', '进阶'] },
        { name: '', values: ['x'] },
        { name: '颜色', values: ['  '] },
        { name: '版本', values: ['again'] },
      ]),
    ).toEqual([{ name: '版本', values: ['基础', '进阶'] }]);
  });

  test('values -> a new matrix with empty prices, enabled, stock 0 and fresh codes', () => {
    const rows = buildSkuMatrix([{ name: '版本', values: ['基础', '进阶'] }], [], code);
    expect(rows).toEqual([
      {
        properties: [{ name: '版本', value: '基础' }],
        skuCode: 'NEW-0',
        price: null,
        marketPrice: null,
        costPrice: null,
        stock: 0,
        status: 'ENABLED',
      },
      expect.objectContaining({ properties: [{ name: '版本', value: '进阶' }], skuCode: 'NEW-1' }),
    ]);
  });

  test('adding a value keeps the existing SKUs (id, code, price, stock, status)', () => {
    const existing = [
      sku([['版本', '基础']], { id: 1, price: 99, stock: 7 }),
      sku([['版本', '进阶']], { id: 2, price: 199, status: 'DISABLED' }),
    ];
    const rows = buildSkuMatrix([{ name: '版本', values: ['基础', '进阶', '旗舰'] }], existing, code);
    expect(valuesOf(rows)).toEqual(['基础', '进阶', '旗舰']);
    expect(rows[0]).toEqual(existing[0]);
    expect(rows[1]).toEqual(existing[1]);
    expect(rows[2]).toMatchObject({ price: null, skuCode: 'NEW-0' });
    expect(rows[2]?.id).toBeUndefined();
  });

  test('adding a spec passes prices on; the first new row takes over the id and code', () => {
    const existing = [
      sku([['版本', '基础']], { id: 1, price: 99 }),
      sku([['版本', '进阶']], { id: 2, price: 199 }),
    ];
    const rows = buildSkuMatrix(
      [
        { name: '版本', values: ['基础', '进阶'] },
        { name: '时长', values: ['1年', '2年'] },
      ],
      existing,
      code,
    );
    expect(valuesOf(rows)).toEqual(['基础/1年', '基础/2年', '进阶/1年', '进阶/2年']);
    expect(rows.map((r) => r.price)).toEqual([99, 99, 199, 199]);
    expect(rows.map((r) => r.id)).toEqual([1, undefined, 2, undefined]);
    expect(rows.map((r) => r.skuCode)).toEqual(['C-基础', 'NEW-0', 'C-进阶', 'NEW-1']);
  });

  test('removing a value or a spec drops those rows and keeps the rest', () => {
    const existing = [
      sku(
        [
          ['版本', '基础'],
          ['时长', '1年'],
        ],
        { id: 1, price: 1 },
      ),
      sku(
        [
          ['版本', '基础'],
          ['时长', '2年'],
        ],
        { id: 2, price: 2 },
      ),
      sku(
        [
          ['版本', '进阶'],
          ['时长', '1年'],
        ],
        { id: 3, price: 3 },
      ),
      sku(
        [
          ['版本', '进阶'],
          ['时长', '2年'],
        ],
        { id: 4, price: 4 },
      ),
    ];
    const fewer = buildSkuMatrix(
      [
        { name: '版本', values: ['进阶'] },
        { name: '时长', values: ['1年', '2年'] },
      ],
      existing,
      code,
    );
    expect(fewer.map((r) => r.id)).toEqual([3, 4]);
    const noDuration = buildSkuMatrix([{ name: '版本', values: ['基础', '进阶'] }], existing, code);
    expect(noDuration.map((r) => [r.id, r.price])).toEqual([
      [1, 1],
      [3, 3],
    ]);
  });

  test('a single-spec SKU gives its values to the first multi-spec rows', () => {
    const single = sku([], { id: 9, price: 50, skuCode: 'ONLY' });
    const rows = buildSkuMatrix([{ name: '颜色', values: ['红', '蓝'] }], [single], code);
    expect(rows.map((r) => [r.id, r.skuCode, r.price])).toEqual([
      [9, 'ONLY', 50],
      [undefined, 'NEW-0', 50],
    ]);
  });

  test('renaming a value or a spec keeps the rows', () => {
    const existing = [
      sku([['版本', '基础']], { id: 1, price: 99 }),
      sku([['版本', '进阶']], { id: 2, price: 199 }),
    ];
    const renamed = renameSpecValue(existing, '版本', '基础', '标准');
    const rows = buildSkuMatrix([{ name: '版本', values: ['标准', '进阶'] }], renamed, code);
    expect(rows.map((r) => [r.id, r.price, r.properties[0]?.value])).toEqual([
      [1, 99, '标准'],
      [2, 199, '进阶'],
    ]);
    const byName = buildSkuMatrix(
      [{ name: '套餐', values: ['基础', '进阶'] }],
      renameSpec(existing, '版本', '套餐'),
      code,
    );
    expect(byName.map((r) => r.id)).toEqual([1, 2]);
  });

  test('new codes never repeat a code in the matrix', () => {
    const existing = [sku([['版本', '基础']], { skuCode: 'NEW-0' })];
    const rows = buildSkuMatrix([{ name: '版本', values: ['基础', '进阶'] }], existing, code);
    expect(rows.map((r) => r.skuCode)).toEqual(['NEW-0', 'NEW-1']);
  });

  test('specs are read back from stored SKUs', () => {
    expect(
      specsFromSkus([
        sku([
          ['版本', '基础'],
          ['时长', '1年'],
        ]),
        sku([
          ['版本', '基础'],
          ['时长', '2年'],
        ]),
        sku([
          ['版本', '进阶'],
          ['时长', '1年'],
        ]),
      ]),
    ).toEqual([
      { name: '版本', values: ['基础', '进阶'] },
      { name: '时长', values: ['1年', '2年'] },
    ]);
  });

  test('batch fill and code prefix', () => {
    const rows = fillAll([sku([['a', '1']]), sku([['a', '2']])], { price: 9.9, stock: null });
    expect(rows.map((r) => [r.price, r.stock])).toEqual([
      [9.9, null],
      [9.9, null],
    ]);
    expect(codePrefix(0, 0)).toBe('P000');
    expect(codePrefix(Date.UTC(2026, 0, 1), 0.999)).toMatch(/^P[0-9A-Z]{6}ZY$/);
  });
});
