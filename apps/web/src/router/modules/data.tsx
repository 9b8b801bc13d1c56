import { groupRoute, pageRoute } from '../group';

/** Data centre (DOMAIN 2.2): the pages load echarts themselves (their own chunk). */
export const dataRoutes = groupRoute('data', { title: 'data', icon: 'data' }, [
  pageRoute('data.overview', { page: () => import('../../pages/data-centre/OverviewPage') }),
  pageRoute('data.history', { page: () => import('../../pages/data-centre/HistoryPage') }),
  pageRoute('data.daily', { page: () => import('../../pages/data-centre/DailyPage') }),
  pageRoute('data.product-daily', { page: () => import('../../pages/data-centre/ProductDailyPage') }),
  pageRoute('data.product-overview', { page: () => import('../../pages/data-centre/ProductOverviewPage') }),
]);
