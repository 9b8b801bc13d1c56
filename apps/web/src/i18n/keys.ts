import type { Messages } from './types';

/** Every leaf key of a message tree, dotted: `route.dashboard`, `time.minutes_one`. */
export const leafKeys = (tree: Messages, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The key without its i18next plural suffix (`time.minutes_one` -> `time.minutes`). */
export const baseKey = (key: string): string => key.replace(PLURAL_SUFFIX, '');

/** The plural category of a key, or null when it has none. */
export const pluralCategory = (key: string): string | null => PLURAL_SUFFIX.exec(key)?.[1] ?? null;
