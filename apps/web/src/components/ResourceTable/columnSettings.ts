/**
 * Per-user table preferences: column order, hidden columns and density, kept in localStorage under
 * the user's id and the table's key. Pure helpers; a table whose columns changed since the prefs
 * were saved shows new columns (in their declared place) and forgets removed ones.
 */

export type Density = 'large' | 'medium' | 'small';
export const DENSITIES: readonly Density[] = ['large', 'medium', 'small'];

export interface TablePrefs {
  /** Column keys in display order (may be missing columns added later). */
  order: string[];
  hidden: string[];
  /** Columns hidden by default (a table's secondary ones) that the user chose to show. */
  shown: string[];
  /** null: follow the console's size setting. */
  density: Density | null;
}

export const EMPTY_PREFS: TablePrefs = { order: [], hidden: [], shown: [], density: null };

export const prefsKey = (userId: number | null, tableKey: string) =>
  `educrm-table:${userId ?? 0}:${tableKey}`;

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** Reads saved prefs; anything unreadable counts as none. */
export const parsePrefs = (raw: string | null): TablePrefs => {
  if (!raw) return EMPTY_PREFS;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof TablePrefs, unknown>>;
    const density = DENSITIES.includes(value.density as Density) ? (value.density as Density) : null;
    return {
      order: strings(value.order),
      hidden: strings(value.hidden),
      shown: strings(value.shown),
      density,
    };
  } catch {
    return EMPTY_PREFS;
  }
};

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const loadPrefs = (storage: StorageLike | undefined, key: string): TablePrefs => {
  try {
    return parsePrefs(storage?.getItem(key) ?? null);
  } catch {
    return EMPTY_PREFS;
  }
};

/** Saves prefs; the defaults remove the entry (Reset leaves nothing behind). */
export const savePrefs = (storage: StorageLike | undefined, key: string, prefs: TablePrefs) => {
  try {
    if (!prefs.order.length && !prefs.hidden.length && !prefs.shown.length && !prefs.density)
      storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the settings last until the page is closed
  }
};

/**
 * The columns to show, in order: the saved order of the columns that still exist, with new columns
 * inserted after the column declared before them; hidden ones left out.
 */
export const arrangeColumns = (
  declared: readonly string[],
  prefs: TablePrefs,
  defaultHidden: readonly string[] = [],
): { key: string; visible: boolean }[] => {
  const known = new Set(declared);
  const order = prefs.order.filter((k, i, all) => known.has(k) && all.indexOf(k) === i);
  for (const [index, key] of declared.entries()) {
    if (order.includes(key)) continue;
    const before = declared
      .slice(0, index)
      .reverse()
      .find((k) => order.includes(k));
    order.splice(before === undefined ? 0 : order.indexOf(before) + 1, 0, key);
  }
  const hidden = new Set(hiddenColumns(prefs, defaultHidden));
  return order.map((key) => ({ key, visible: !hidden.has(key) }));
};

/** The hidden columns: those the user hid, and the hidden-by-default ones the user has not shown. */
export const hiddenColumns = (prefs: TablePrefs, defaultHidden: readonly string[]): string[] => {
  const shown = new Set(prefs.shown);
  return [...new Set([...prefs.hidden, ...defaultHidden.filter((k) => !shown.has(k))])];
};

/**
 * Shows or hides a column in the settings: a hidden-by-default column the user shows is remembered
 * as shown (so the choice survives a reload), any other as not hidden. At least one stays visible.
 */
export const setColumnVisible = (
  declared: readonly string[],
  prefs: TablePrefs,
  defaultHidden: readonly string[],
  key: string,
  visible: boolean,
): TablePrefs => {
  const before = hiddenColumns(prefs, defaultHidden);
  const after = toggleColumn(declared, before, key, visible);
  const defaults = new Set(defaultHidden);
  return {
    ...prefs,
    hidden: after.filter((k) => !defaults.has(k)),
    shown: declared.filter((k) => defaults.has(k) && !after.includes(k)),
  };
};

/** Moves a column one place up (-1) or down (+1) in the current arrangement. */
export const moveColumn = (current: readonly string[], key: string, delta: -1 | 1): string[] => {
  const from = current.indexOf(key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= current.length) return [...current];
  const next = [...current];
  next.splice(from, 1);
  next.splice(to, 0, key);
  return next;
};

/** Shows or hides a column; at least one column stays visible. */
export const toggleColumn = (
  declared: readonly string[],
  hidden: readonly string[],
  key: string,
  visible: boolean,
): string[] => {
  const next = new Set(hidden);
  if (visible) next.delete(key);
  else next.add(key);
  if (declared.every((k) => next.has(k))) return [...hidden];
  return declared.filter((k) => next.has(k));
};
