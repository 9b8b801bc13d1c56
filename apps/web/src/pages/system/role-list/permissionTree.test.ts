import { ALL_ACTIONS, ALL_PAGES, MENU_GROUPS } from '@educrm/contract/access';
import { describe, expect, test } from 'vitest';
import en from '../../../i18n/en';
import es from '../../../i18n/es';
import ja from '../../../i18n/ja';
import type { Messages } from '../../../i18n/types';
import zh from '../../../i18n/zh';
import { pageTitleKey } from '../../../router/group';
import { actionLabelKey, groupNodeKey, toggleNode, treeChecks } from './permissionTree';

describe('toggleNode', () => {
  test('a page brings its actions; unchecking it takes them away', () => {
    const withPage = toggleNode([], 'system.admin-list', true);
    expect(withPage).toEqual(
      ['system.admin-list', 'system.user.write', 'system.user.export', 'auth.lock.clear'].sort(),
    );
    expect(toggleNode(withPage, 'system.admin-list', false)).toEqual([]);
  });

  test('an action brings its page; unchecking it keeps the page', () => {
    const codes = toggleNode([], 'client.claim', true);
    expect(codes).toEqual(['client.claim', 'client.public-list']);
    expect(toggleNode(codes, 'client.claim', false)).toEqual(['client.public-list']);
  });

  test('a group grants or removes everything in it and leaves other groups alone', () => {
    const codes = toggleNode(['data.overview'], groupNodeKey('system'), true);
    expect(codes).toContain('system.audit-log');
    expect(codes).toContain('system.role.write');
    expect(codes).toContain('data.overview');
    expect(toggleNode(codes, groupNodeKey('system'), false)).toEqual(['data.overview']);
  });

  test('unknown keys change nothing', () => {
    expect(toggleNode(['a.b'], 'nope', true)).toEqual(['a.b']);
  });
});

describe('treeChecks', () => {
  test('full, partial and empty groups and pages', () => {
    const system = MENU_GROUPS.find((g) => g.key === 'system');
    const all = system?.pages.flatMap((p) => [p.code, ...p.actions.map((a) => a.code)]) ?? [];
    const { checked, halfChecked } = treeChecks([...all, 'client.public-list']);
    expect(checked).toContain(groupNodeKey('system'));
    expect(checked).toContain('system.admin-list');
    expect(checked).toContain('auth.lock.clear');
    // the pool page without its claim action: the page checked (granted), its group half checked
    expect(checked).toContain('client.public-list');
    expect(checked).not.toContain('client.claim');
    expect(halfChecked).toContain(groupNodeKey('client'));
    expect(checked).not.toContain(groupNodeKey('order'));
    expect(halfChecked).not.toContain(groupNodeKey('order'));
    // a page without actions is simply checked
    expect(treeChecks(['data.overview']).checked).toContain('data.overview');
  });
});

describe('labels of the permission tree in every language', () => {
  const lookup = (tree: Messages, key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  test.each([
    ['zh', zh],
    ['en', en],
    ['es', es],
    ['ja', ja],
  ])('%s: every menu group, page and action has a label', (_lang, tree) => {
    for (const group of MENU_GROUPS)
      expect(typeof lookup(tree, `route.${group.key}`), group.key).toBe('string');
    for (const page of ALL_PAGES)
      expect(typeof lookup(tree, `route.${pageTitleKey(page.code)}`), page.code).toBe('string');
    for (const action of ALL_ACTIONS)
      expect(typeof lookup(tree, actionLabelKey(action.code)), action.code).toBe('string');
  });
});
