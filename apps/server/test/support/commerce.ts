import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import type { TestApp } from './app';

/** A 1x1 PNG for cover images and payment vouchers. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const uploadImage = async (t: TestApp, token: string, purpose?: 'voucher'): Promise<string> => {
  const boundary = '----educrm-commerce';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/files/images${purpose ? `?purpose=${purpose}` : ''}`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return res.json().data.url as string;
};

export const userId = async (t: TestApp, username: string) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM admin_user WHERE username = ${username}`,
  );
  return Number(row?.id);
};

/** A client owned by `owner` (null = in the pool), inserted directly. */
export const makeClient = async (t: TestApp, name: string, mobile: string, owner: number | null) => {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`INSERT INTO client (name, mobile, owner_user_id, owner_dept_id, owner_time)
        VALUES (${name}, ${mobile}, ${owner}, (SELECT department_id FROM admin_user WHERE id = ${owner}), now()) RETURNING id`,
  );
  return Number(row?.id);
};

/** A leaf category (under a root) for products. */
export const makeLeafCategory = async (t: TestApp, token: string, root = '课程', leaf = '小学数学') => {
  const r = await t.call('POST', '/api/v1/product/categories', {
    token,
    body: { parentId: null, name: root },
  });
  const l = await t.call('POST', '/api/v1/product/categories', {
    token,
    body: { parentId: r.body.data.id, name: leaf },
  });
  return { rootId: r.body.data.id as number, leafId: l.body.data.id as number };
};

export const productBody = (categoryId: number, cover: string, over: Record<string, unknown> = {}) => ({
  name: '小学数学思维训练营',
  categoryId,
  productType: 'CAMP',
  coverUrl: cover,
  specType: 'MULTI',
  detailHtml: '<p>每周三次直播<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
  skus: [
    {
      skuCode: 'MATH-G3-SPRING',
      properties: [
        { name: '年级', value: '三年级' },
        { name: '学期', value: '春季' },
      ],
      price: 99900,
      stock: null,
      status: 'ENABLED',
    },
    {
      skuCode: 'MATH-G4-SPRING',
      properties: [
        { name: '年级', value: '四年级' },
        { name: '学期', value: '春季' },
      ],
      price: 129900,
      stock: 5,
      status: 'ENABLED',
    },
  ],
  ...over,
});
