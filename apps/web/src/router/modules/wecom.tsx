import { groupRoute, pageRoute } from '../group';

/** Enterprise WeChat (DOMAIN section 9): apps, members, external contacts, tags. */
export const wecomRoutes = groupRoute('wecom', { title: 'wecom', icon: 'wechat' }, [
  pageRoute('wecom.app-list', { page: () => import('../../pages/wecom/app-list/AppListPage') }),
  pageRoute('wecom.member-list', { page: () => import('../../pages/wecom/member-list/MemberListPage') }),
  pageRoute('wecom.contact-list', { page: () => import('../../pages/wecom/contact-list/ContactListPage') }),
  pageRoute('wecom.channel-code-list', {
    page: () => import('../../pages/wecom/channel-code-list/ChannelCodeListPage'),
  }),
  pageRoute('wecom.tag-list', { page: () => import('../../pages/wecom/tag-list/TagListPage') }),
]);
