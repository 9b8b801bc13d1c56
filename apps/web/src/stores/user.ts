import type { DataScope } from '@educrm/contract/access';
import type { AdminInfo } from '@educrm/contract/auth';
import { create } from 'zustand';

/**
 * The signed-in user (spec section 3). The token, its expiry and its refresh time live in cookies
 * (session/token.ts) so that every tab shares them; this store holds what /admin/info answered.
 * `roles` empty means "not loaded yet": the guard then fetches info before any page.
 */
export interface UserState {
  adminId: number | null;
  username: string;
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  permissions: string[];
  dataScope: DataScope | null;
  setInfo: (info: AdminInfo) => void;
  reset: () => void;
}

const empty = {
  adminId: null,
  username: '',
  name: '',
  avatar: '',
  introduction: '',
  roles: [],
  permissions: [],
  dataScope: null,
} satisfies Partial<UserState>;

export const useUserStore = create<UserState>()((set) => ({
  ...empty,
  setInfo: (info) =>
    set({
      adminId: info.id,
      username: info.username,
      name: info.nickname || info.username,
      avatar: info.avatar_url,
      introduction: info.introduction,
      roles: info.roles,
      permissions: info.permissions,
      dataScope: info.dataScope,
    }),
  reset: () => set(empty),
}));
