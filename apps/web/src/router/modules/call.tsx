import { groupRoute, pageRoute } from '../group';

/** Outbound calls (DOMAIN section 7): caller numbers, call scripts, SMS templates. */
export const callRoutes = groupRoute('call', { title: 'call', icon: 'phone' }, [
  pageRoute('call.number-list', { page: () => import('../../pages/call/number-list/NumberListPage') }),
  pageRoute('call.script-list', { page: () => import('../../pages/call/script-list/ScriptListPage') }),
  pageRoute('call.sms-template-list', {
    page: () => import('../../pages/call/sms-template-list/SmsTemplateListPage'),
  }),
]);
