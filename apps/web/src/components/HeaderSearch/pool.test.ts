import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { describe, expect, test } from 'vitest';
import { fixtureRoutes } from '../../router/fixture';
import { filterRoutes } from '../../router/permission';
import { buildPool, FUSE_OPTIONS, withPinyin } from './pool';

const zh: Record<string, string> = {
  dashboard: '首页',
  client: '客户管理',
  clientList: '全部客户',
  myClients: '我的客户',
  publicClients: '公海客户',
  product: '产品管理',
  productList: '产品列表',
  category: '产品分类',
  system: '系统管理',
  roles: '角色管理',
  help: '帮助',
  docs: '文档',
};
const translate = (title: string) => zh[title] ?? title;
const admin = filterRoutes(fixtureRoutes, { isAdmin: true, codes: new Set() });

describe('search pool', () => {
  const pool = buildPool(admin, translate);
  test('titled, visible routes with their title chain; hidden and parameter routes left out', () => {
    expect(pool.find((e) => e.path === '/client/my-list')?.title).toEqual(['客户管理', '我的客户']);
    expect(pool.some((e) => e.path.includes('/:'))).toBe(false);
    expect(pool.some((e) => e.path === '/product/add')).toBe(false);
    expect(pool.find((e) => e.path === 'https://docs.example.com')).toMatchObject({ external: true });
  });

  test('pinyin of the last title segment finds pages in zh (threshold 0.4)', () => {
    const toPinyin = (text: string) => pinyin(text, { toneType: 'none', type: 'array' });
    const withPy = withPinyin(pool, toPinyin);
    expect(withPy.find((e) => e.path === '/dashboard')?.pinyinTitle).toBe('shouye');
    const fuse = new Fuse(withPy, FUSE_OPTIONS);
    expect(fuse.search('shouye')[0]?.item.path).toBe('/dashboard');
    expect(fuse.search('gonghai')[0]?.item.path).toBe('/client/public-list');
    expect(fuse.search('产品分类')[0]?.item.path).toBe('/product/category');
    expect(FUSE_OPTIONS.threshold).toBe(0.4);
  });
});
