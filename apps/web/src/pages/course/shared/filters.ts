import type { TFunction } from 'i18next';
import type { FilterField, SelectOption } from '../../../components/ResourceTable/listState';

/**
 * The filter fields the course and member list pages share (classes, class students, course users,
 * members), built one way: a text box, a select of fixed codes with their translated labels, and a
 * select of ids whose options come from a lookup.
 */
export const textFilter = (name: string, label: string, placeholder: string): FilterField => ({
  type: 'text',
  name,
  label,
  placeholder,
});

/** A select of codes (`codes`), each labelled `t(<i18nPrefix>.<code>)`. */
export const codeFilter = (
  t: TFunction,
  name: string,
  label: string,
  codes: readonly string[],
  i18nPrefix: string,
): FilterField => ({
  type: 'select',
  name,
  label,
  options: codes.map((c) => ({ value: c, label: t(`${i18nPrefix}.${c}`) })),
});

/**
 * A select of ids whose options come from a lookup hook (useProductFilter, useCourseStaff, a list of
 * useCourseDicts); `onSearch` when the options are searched on the server.
 */
export const lookupFilter = (
  name: string,
  label: string,
  options: readonly SelectOption[],
  loading: boolean,
  onSearch?: (text: string) => void,
): FilterField => ({
  type: 'select',
  name,
  label,
  numeric: true,
  loading,
  ...(onSearch ? { onSearch } : {}),
  options,
});
