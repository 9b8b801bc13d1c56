import { groupRoute, pageRoute } from '../group';

/** User management (DOMAIN 8): C-end members. */
export const memberRoutes = groupRoute('member', { title: 'member', icon: 'member' }, [
  pageRoute('member.list', { page: () => import('../../pages/member/list/MemberListPage') }),
]);
