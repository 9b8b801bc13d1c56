import { groupRoute, pageRoute } from '../group';

/** Products (DOMAIN section 5). add, edit, copy and sku-list are hidden (spec section 2). */
export const productRoutes = groupRoute('product', { title: 'product', icon: 'product' }, [
  pageRoute('product.list', { page: () => import('../../pages/product/list/ProductListPage') }),
  pageRoute('product.add', {
    hidden: true,
    activeMenu: '/product/list',
    noCache: true,
    page: () => import('../../pages/product/form/ProductAddPage'),
  }),
  pageRoute('product.edit', {
    hidden: true,
    activeMenu: '/product/list',
    noCache: true,
    page: () => import('../../pages/product/form/ProductEditPage'),
  }),
  pageRoute('product.copy', {
    hidden: true,
    activeMenu: '/product/list',
    noCache: true,
    page: () => import('../../pages/product/form/ProductCopyPage'),
  }),
  pageRoute('product.sku-list', {
    hidden: true,
    activeMenu: '/product/list',
    page: () => import('../../pages/product/sku-list/SkuListPage'),
  }),
  pageRoute('product.category', { page: () => import('../../pages/product/category/CategoryPage') }),
  pageRoute('product.order-list', { page: () => import('../../pages/product/order-list/DealListPage') }),
]);
