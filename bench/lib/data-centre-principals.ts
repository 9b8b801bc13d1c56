import type { Principal } from '../../apps/server/src/types';

/** The callers the data-centre benches ask as: the admin (every row) and one sales user (own rows). */
export const benchPrincipals = (salesUserId: number) => {
  const as = (userId: number, dataScope: 'ALL' | 'SELF') =>
    ({ userId, dataScope, departmentId: null, permissions: new Set() }) as unknown as Principal;
  return { adminP: as(1, 'ALL'), siyuP: as(salesUserId, 'SELF') };
};
