import { BUILTIN_ROLES, DEFAULT_DATA_SCOPE, defaultCodesOf } from '@educrm/contract';
import type { DbOrTx } from '../client';
import { role } from '../schema';

const ROLE_NAMES: Record<(typeof BUILTIN_ROLES)[number], { name: string; description: string }> = {
  admin: { name: '管理员', description: '全部权限' },
  siyu: { name: '私域销售', description: '负责自己的客户、跟进与订单' },
  chakan: { name: '查看', description: '只读查看全部数据，手机号脱敏，不可导出' },
  zhongtai: { name: '中台运营', description: '商品、课程与话术、短信模板运营' },
};

/**
 * Creates the four built-in roles with their default codes. Existing rows are left alone: their
 * names, descriptions and codes may have been edited on System > Roles.
 */
export const seedBuiltinRoles = async (db: DbOrTx) => {
  await db
    .insert(role)
    .values(
      BUILTIN_ROLES.map((key, i) => ({
        key,
        name: ROLE_NAMES[key].name,
        description: ROLE_NAMES[key].description,
        dataScope: DEFAULT_DATA_SCOPE[key],
        builtin: true,
        permissions: defaultCodesOf(key),
        sort: i,
      })),
    )
    .onConflictDoNothing({ target: role.key });
};
