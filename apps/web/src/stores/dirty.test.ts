import { beforeEach, describe, expect, test } from 'vitest';
import { isPathDirty, useDirtyStore } from './dirty';

beforeEach(() => useDirtyStore.setState({ forms: new Set() }));

describe('unsaved-changes registry', () => {
  test('a page is dirty while any of its forms is', () => {
    const { set } = useDirtyStore.getState();
    set('/system/admin-list', 'user-edit-3', true);
    set('/profile/index', 'profile-account', true);
    set('/profile/index', 'profile-password', true);
    expect(isPathDirty('/system/admin-list')).toBe(true);
    expect(isPathDirty('/system/admin')).toBe(false);
    set('/profile/index', 'profile-account', false);
    expect(isPathDirty('/profile/index')).toBe(true);
    set('/profile/index', 'profile-password', false);
    expect(isPathDirty('/profile/index')).toBe(false);
  });

  test('discarding forgets every form of the given pages only', () => {
    const { set, clear } = useDirtyStore.getState();
    set('/a', 'f1', true);
    set('/a', 'f2', true);
    set('/b', 'f1', true);
    clear(['/a']);
    expect(isPathDirty('/a')).toBe(false);
    expect(isPathDirty('/b')).toBe(true);
  });

  test('setting the same state twice does not notify', () => {
    const { set } = useDirtyStore.getState();
    set('/a', 'f', true);
    const before = useDirtyStore.getState().forms;
    set('/a', 'f', true);
    expect(useDirtyStore.getState().forms).toBe(before);
  });
});
