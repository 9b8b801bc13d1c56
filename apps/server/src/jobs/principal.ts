import type { Principal } from '../types';

/** A signed-in user as a job keeps it (JSON): background work runs with the starter's scope and masking. */
export type PrincipalSnapshot = Omit<Principal, 'permissions'>;

export const snapshotPrincipal = (p: Principal): PrincipalSnapshot => {
  const { permissions: _set, ...rest } = p;
  return rest;
};

export const principalFromSnapshot = (s: PrincipalSnapshot): Principal => ({
  ...s,
  permissions: new Set(s.permissionList),
});
