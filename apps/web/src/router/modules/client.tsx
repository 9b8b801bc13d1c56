import { groupRoute, pageRoute } from '../group';

/** Client management (DOMAIN sections 3): all, mine, public pool, follow-ups. */
export const clientRoutes = groupRoute('client', { title: 'client', icon: 'team' }, [
  pageRoute('client.list', {
    page: () => import('../../pages/client/list/ClientListPage'),
    firstList: { url: '/v1/clients', sort: '-createdAt' },
  }),
  pageRoute('client.my-list', {
    page: () => import('../../pages/client/my-list/MyClientListPage'),
    firstList: { url: '/v1/clients/mine', sort: '-createdAt' },
  }),
  pageRoute('client.public-list', { page: () => import('../../pages/client/public-list/PublicPoolPage') }),
  pageRoute('client.follow-record-list', {
    page: () => import('../../pages/client/follow-record-list/FollowRecordListPage'),
  }),
]);
