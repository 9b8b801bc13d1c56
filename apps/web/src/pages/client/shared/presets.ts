/**
 * Quick presets above a list ("due today", "overdue", "about to drop into the pool"): each sets a
 * few of the list's URL filters. Pure functions over the page's URL query, so a preset is a link
 * like any other filter and the search form shows it.
 */
export interface ListPreset {
  key: string;
  /** URL filters the preset sets; {} = none of them (the plain list). */
  filters: Record<string, string>;
}

/** The URL parameters any of the presets sets. */
const presetParams = (presets: readonly ListPreset[]) => [
  ...new Set(presets.flatMap((p) => Object.keys(p.filters))),
];

/** The preset the URL matches exactly on the preset parameters, or null (a custom mix). */
export const activePreset = (presets: readonly ListPreset[], search: URLSearchParams): string | null => {
  const params = presetParams(presets);
  const found = presets.find((preset) =>
    params.every((name) => (search.get(name) ?? '') === (preset.filters[name] ?? '')),
  );
  return found?.key ?? null;
};

/** The URL of a preset: its filters set, the other preset parameters and the page cleared. */
export const applyPreset = (
  presets: readonly ListPreset[],
  search: URLSearchParams,
  key: string,
): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const name of presetParams(presets)) next.delete(name);
  next.delete('page');
  const preset = presets.find((p) => p.key === key);
  for (const [name, value] of Object.entries(preset?.filters ?? {})) next.set(name, value);
  return next;
};

/** 全部 / 今日待跟进 / 已逾期 / 即将掉入公海 of the client lists (DOMAIN 3.4). */
export const CLIENT_PRESETS: readonly ListPreset[] = [
  { key: 'all', filters: {} },
  { key: 'today', filters: { nextFollow: 'today' } },
  { key: 'overdue', filters: { nextFollow: 'overdue' } },
  { key: 'recycle', filters: { aboutToRecycle: 'true' } },
];

/** 全部 / 今日待跟进 / 已逾期 of the follow-up list. */
export const FOLLOW_UP_PRESETS: readonly ListPreset[] = [
  { key: 'all', filters: {} },
  { key: 'today', filters: { due: 'today' } },
  { key: 'overdue', filters: { due: 'overdue' } },
];
