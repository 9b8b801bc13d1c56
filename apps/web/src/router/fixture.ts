import { resolveRoutes } from './paths';
import type { AppRoute } from './types';

const page = () => Promise.resolve({ default: () => null });

/**
 * A route table shaped like the real one will be: constant pages plus business groups with page
 * codes, hidden pages, an :id page, an alwaysShow group and an external link.
 */
export const fixtureTable: AppRoute[] = [
  { id: 'redirect', path: '/redirect/*', meta: { hidden: true, noCache: true }, page },
  {
    id: 'home',
    path: '/',
    redirect: '/dashboard',
    children: [
      {
        id: 'dashboard',
        path: 'dashboard',
        meta: { title: 'dashboard', icon: 'dashboard', affix: true },
        page,
      },
    ],
  },
  {
    id: 'group:client',
    path: '/client',
    meta: { title: 'client', icon: 'team' },
    children: [
      {
        id: 'client.list',
        path: '/client/list',
        meta: { title: 'clientList', permission: 'client.list' },
        page,
      },
      {
        id: 'client.my-list',
        path: 'my-list',
        meta: { title: 'myClients', permission: 'client.my-list' },
        page,
      },
      {
        id: 'client.public-list',
        path: 'public-list',
        meta: { title: 'publicClients', permission: 'client.public-list' },
        page,
      },
    ],
  },
  {
    id: 'group:product',
    path: '/product',
    meta: { title: 'product', icon: 'product' },
    children: [
      {
        id: 'product.add',
        path: 'add',
        meta: { title: 'productAdd', permission: 'product.add', hidden: true },
        page,
      },
      {
        id: 'product.edit',
        path: 'edit/:id',
        meta: { title: 'productEdit', permission: 'product.edit', hidden: true, activeMenu: '/product/list' },
        page,
      },
      { id: 'product.list', path: 'list', meta: { title: 'productList', permission: 'product.list' }, page },
      {
        id: 'product.category',
        path: 'category',
        meta: { title: 'category', permission: 'product.category' },
        page,
      },
    ],
  },
  {
    id: 'group:system',
    path: '/system',
    meta: { title: 'system', icon: 'setting', alwaysShow: true },
    children: [
      {
        id: 'system.role-list',
        path: 'role-list',
        meta: { title: 'roles', permission: 'system.role-list' },
        page,
      },
    ],
  },
  {
    id: 'group:help',
    path: '/help',
    meta: { title: 'help' },
    children: [{ id: 'docs', path: 'https://docs.example.com', meta: { title: 'docs', icon: 'link' } }],
  },
];

export const fixtureRoutes = resolveRoutes(fixtureTable);
