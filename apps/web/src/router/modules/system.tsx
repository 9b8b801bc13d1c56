import { groupRoute, pageRoute } from '../group';

/** System management (spec section 2, DOMAIN section 10): admin only by default; codes from the contract. */
export const systemRoutes = groupRoute('system', { title: 'system', icon: 'setting' }, [
  pageRoute('system.admin-list', {
    icon: 'user',
    page: () => import('../../pages/system/admin-list/AdminListPage'),
  }),
  pageRoute('system.dept-list', {
    icon: 'apartment',
    page: () => import('../../pages/system/dept-list/DeptListPage'),
  }),
  pageRoute('system.role-list', {
    icon: 'safety',
    page: () => import('../../pages/system/role-list/RoleListPage'),
  }),
  pageRoute('system.audit-log', {
    icon: 'audit',
    page: () => import('../../pages/system/audit-log/AuditLogPage'),
  }),
  pageRoute('system.server', {
    icon: 'server',
    page: () => import('../../pages/system/server/ServerPage'),
  }),
  pageRoute('system.job-list', {
    icon: 'schedule',
    page: () => import('../../pages/system/job-list/JobListPage'),
  }),
]);
