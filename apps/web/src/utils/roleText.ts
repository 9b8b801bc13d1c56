import { BUILTIN_ROLE_SEED, type BuiltinRole } from '@educrm/contract';
import type { TFunction } from 'i18next';

const builtin = (key: string): key is BuiltinRole => Object.hasOwn(BUILTIN_ROLE_SEED, key);

/**
 * A role's name as the viewer reads it: a built-in role still named as seeded (Chinese) in the
 * viewer's language; a role the admin named shows that name.
 */
export const roleName = (t: TFunction, role: { key: string; name: string }): string =>
  builtin(role.key) && role.name === BUILTIN_ROLE_SEED[role.key].name
    ? t(`dashboard.roleName.${role.key}`)
    : role.name;

/** As roleName, for the description. */
export const roleDescription = (t: TFunction, role: { key: string; description: string }): string =>
  builtin(role.key) && role.description === BUILTIN_ROLE_SEED[role.key].description
    ? t(`system.role.builtinDescription.${role.key}`)
    : role.description;
