import { MENU_GROUPS, type MenuGroupDef } from '@educrm/contract/access';

/**
 * System > Roles: the permission tree (menu group -> page -> actions, from the contract's
 * MENU_GROUPS) and its checking rules. Codes are what a role stores; group nodes are display only.
 *
 * - Checking a group grants all its pages and actions; unchecking it removes them.
 * - Checking a page grants the page and its actions; unchecking it removes the page and its actions
 *   (an action without its page is useless).
 * - Checking an action grants it and its page; unchecking it removes only the action, so a page can
 *   be granted without some (or any) of its actions.
 */

export const groupNodeKey = (key: string) => `group:${key}`;
export const isGroupNodeKey = (key: string) => key.startsWith('group:');

const groupOf = (key: string): MenuGroupDef | undefined =>
  MENU_GROUPS.find((g) => groupNodeKey(g.key) === key);

const codesOfGroup = (group: MenuGroupDef) =>
  group.pages.flatMap((p) => [p.code, ...p.actions.map((a) => a.code)]);

const PAGE_OF_ACTION = new Map(
  MENU_GROUPS.flatMap((g) => g.pages.flatMap((p) => p.actions.map((a) => [a.code, p]))),
);
const PAGE = new Map(MENU_GROUPS.flatMap((g) => g.pages.map((p) => [p.code, p])));

/** The codes after checking (or unchecking) one node of the tree. */
export const toggleNode = (codes: readonly string[], key: string, checked: boolean): string[] => {
  const next = new Set(codes);
  const group = groupOf(key);
  const page = PAGE.get(key);
  const pageOfAction = PAGE_OF_ACTION.get(key);
  if (group) {
    for (const code of codesOfGroup(group)) {
      if (checked) next.add(code);
      else next.delete(code);
    }
  } else if (page) {
    for (const code of [page.code, ...page.actions.map((a) => a.code)]) {
      if (checked) next.add(code);
      else next.delete(code);
    }
  } else if (pageOfAction) {
    if (checked) {
      next.add(key);
      next.add(pageOfAction.code);
    } else next.delete(key);
  }
  return [...next].sort();
};

/**
 * What the tree shows (antd `checkStrictly` keys): pages and actions checked when granted (a page
 * stays checked with some of its actions off, so clicking it again removes it); a group checked
 * when everything in it is granted, half-checked when some of it is.
 */
export const treeChecks = (codes: readonly string[]): { checked: string[]; halfChecked: string[] } => {
  const held = new Set(codes);
  const checked: string[] = [];
  const halfChecked: string[] = [];
  for (const group of MENU_GROUPS) {
    const all = codesOfGroup(group);
    const count = all.filter((c) => held.has(c)).length;
    if (count === all.length) checked.push(groupNodeKey(group.key));
    else if (count > 0) halfChecked.push(groupNodeKey(group.key));
    for (const page of group.pages) {
      if (held.has(page.code)) checked.push(page.code);
      for (const action of page.actions) if (held.has(action.code)) checked.push(action.code);
    }
  }
  return { checked, halfChecked };
};

/** The i18n key of an action code's label: `perm.<code with . and - as _>`. */
export const actionLabelKey = (code: string) => `perm.${code.replace(/[.-]/g, '_')}`;
