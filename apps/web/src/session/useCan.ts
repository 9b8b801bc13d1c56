import { ADMIN_ROLE } from '@educrm/contract/access';
import { useMemo } from 'react';
import { useUserStore } from '../stores/user';

/** A permission check: true without a code, for admin, or when the user holds the code. */
export type Can = (code?: string) => boolean;

export const canWith = (roles: readonly string[], permissions: readonly string[]): Can => {
  const held = new Set(permissions);
  const admin = roles.includes(ADMIN_ROLE);
  return (code) => !code || admin || held.has(code);
};

/**
 * The signed-in user's permission codes (from /admin/info) as a check for buttons and columns. The
 * web only hides what the server would refuse anyway.
 */
export const useCan = (): Can => {
  const roles = useUserStore((s) => s.roles);
  const permissions = useUserStore((s) => s.permissions);
  return useMemo(() => canWith(roles, permissions), [roles, permissions]);
};
