import type { DailyRow } from '@educrm/contract/data-centre';

type T = (key: string) => string;

/**
 * The department and sales cells of a /data/daily row: the row with no owner is the pool's (公海),
 * a department's subtotal reads 小计, a person without a department reads 无部门.
 */
export const dailyLabels = (t: T, r: DailyRow): [dept: string, sales: string] => {
  if (r.kind === 'total') return [t('dataCentre.total'), ''];
  if (r.kind === 'user' && r.userId === null) return [t('dataCentre.pool'), t('dataCentre.pool')];
  const dept = r.deptName ?? t('dataCentre.noDept');
  if (r.kind === 'dept') return [dept, t('dataCentre.subtotal')];
  return [dept, r.userName ?? t('dataCentre.none')];
};
