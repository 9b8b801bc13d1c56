import { groupRoute, pageRoute } from '../group';

/** Sales orders and the order dictionaries (DOMAIN sections 4 and 4.3). */
export const orderRoutes = groupRoute('order', { title: 'order', icon: 'order' }, [
  pageRoute('order.list', { page: () => import('../../pages/order/list/OrderListPage') }),
  pageRoute('order.platform-list', {
    page: () => import('../../pages/order/platform-list/PlatformListPage'),
  }),
  pageRoute('order.channel-list', { page: () => import('../../pages/order/channel-list/ChannelListPage') }),
  pageRoute('order.grade-list', { page: () => import('../../pages/order/grade-list/GradeListPage') }),
]);
