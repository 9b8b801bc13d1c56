import { describe, expect, test } from 'vitest';
import {
  arrangeColumns,
  EMPTY_PREFS,
  loadPrefs,
  moveColumn,
  parsePrefs,
  prefsKey,
  type StorageLike,
  savePrefs,
  setColumnVisible,
  toggleColumn,
} from './columnSettings';

const memory = (): StorageLike & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      data.set(k, v);
    },
    removeItem: (k) => {
      data.delete(k);
    },
  };
};

describe('table prefs persistence', () => {
  test('per user and table key; saved and read back', () => {
    const storage = memory();
    const key = prefsKey(7, 'system.admin-users');
    expect(key).toBe('educrm-table:7:system.admin-users');
    expect(prefsKey(8, 'system.admin-users')).not.toBe(key);
    savePrefs(storage, key, { order: ['b', 'a'], hidden: ['c'], shown: [], density: 'small' });
    expect(loadPrefs(storage, key)).toEqual({
      order: ['b', 'a'],
      hidden: ['c'],
      shown: [],
      density: 'small',
    });
    expect(loadPrefs(storage, prefsKey(8, 'system.admin-users'))).toEqual(EMPTY_PREFS);
  });

  test('saving the defaults (Reset) removes the entry', () => {
    const storage = memory();
    savePrefs(storage, 'k', { order: ['a'], hidden: [], shown: [], density: null });
    expect(storage.data.has('k')).toBe(true);
    savePrefs(storage, 'k', EMPTY_PREFS);
    expect(storage.data.has('k')).toBe(false);
  });

  test('garbage and a throwing storage read as no prefs', () => {
    expect(parsePrefs('{not json')).toEqual(EMPTY_PREFS);
    expect(parsePrefs('{"order":[1,"a"],"hidden":"x","density":"huge"}')).toEqual({
      order: ['a'],
      hidden: [],
      shown: [],
      density: null,
    });
    const broken: StorageLike = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => undefined,
    };
    expect(loadPrefs(broken, 'k')).toEqual(EMPTY_PREFS);
    expect(() =>
      savePrefs(broken, 'k', { order: ['a'], hidden: [], shown: [], density: null }),
    ).not.toThrow();
  });
});

describe('arrangeColumns', () => {
  const declared = ['username', 'nickname', 'dept', 'status'];
  test('no prefs: declared order, all visible', () => {
    expect(arrangeColumns(declared, EMPTY_PREFS)).toEqual(declared.map((key) => ({ key, visible: true })));
  });
  test('saved order and hidden columns apply; removed columns are forgotten', () => {
    const prefs = {
      order: ['status', 'gone', 'username', 'nickname', 'dept'],
      hidden: ['dept'],
      shown: [],
      density: null,
    };
    expect(arrangeColumns(declared, prefs)).toEqual([
      { key: 'status', visible: true },
      { key: 'username', visible: true },
      { key: 'nickname', visible: true },
      { key: 'dept', visible: false },
    ]);
  });
  test('a column added after the prefs were saved appears after its declared predecessor', () => {
    const prefs = { order: ['nickname', 'username', 'status'], hidden: [], shown: [], density: null };
    expect(arrangeColumns(['username', 'nickname', 'dept', 'status'], prefs).map((c) => c.key)).toEqual([
      'nickname',
      'dept',
      'username',
      'status',
    ]);
    expect(arrangeColumns(['id', 'username', 'nickname', 'status'], prefs).map((c) => c.key)).toEqual([
      'id',
      'nickname',
      'username',
      'status',
    ]);
  });
});

describe('moveColumn and toggleColumn', () => {
  test('moves one place and stops at the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
  test('hides and shows, never all of them', () => {
    expect(toggleColumn(['a', 'b'], [], 'a', false)).toEqual(['a']);
    expect(toggleColumn(['a', 'b'], ['a'], 'a', true)).toEqual([]);
    expect(toggleColumn(['a', 'b'], ['a'], 'b', false)).toEqual(['a']);
  });
});

describe('columns hidden by default', () => {
  const declared = ['no', 'amount', 'refund', 'channel'];
  const secondary = ['refund', 'channel'];
  test('stay hidden until shown; the choice is saved and read back', () => {
    expect(
      arrangeColumns(declared, EMPTY_PREFS, secondary)
        .filter((c) => c.visible)
        .map((c) => c.key),
    ).toEqual(['no', 'amount']);
    const storage = memory();
    const shown = setColumnVisible(declared, EMPTY_PREFS, secondary, 'refund', true);
    expect(shown).toMatchObject({ hidden: [], shown: ['refund'] });
    savePrefs(storage, 'k', shown);
    const again = loadPrefs(storage, 'k');
    expect(
      arrangeColumns(declared, again, secondary)
        .filter((c) => c.visible)
        .map((c) => c.key),
    ).toEqual(['no', 'amount', 'refund']);
    // Hidden again: back to the default, nothing left to remember.
    const hidden = setColumnVisible(declared, again, secondary, 'refund', false);
    expect(hidden).toMatchObject({ hidden: [], shown: [] });
    const other = setColumnVisible(declared, hidden, secondary, 'amount', false);
    expect(
      arrangeColumns(declared, other, secondary)
        .filter((c) => c.visible)
        .map((c) => c.key),
    ).toEqual(['no']);
    // The last visible column cannot be hidden.
    expect(setColumnVisible(declared, other, secondary, 'no', false)).toMatchObject({
      hidden: ['amount'],
      shown: [],
    });
  });
});
