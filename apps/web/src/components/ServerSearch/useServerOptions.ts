import type { QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SelectOption } from '../ResourceTable/listState';

/** `value`, once it has not changed for `ms` (search boxes ask the server after typing stops). */
export const useDebounced = <T>(value: T, ms = 300): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
};

/**
 * The options shown: those of the last answer, then each chosen value the last answer lacks but an
 * earlier one had (in the order chosen). `found` itself when nothing is added, so it stays the same array.
 */
export const withChosen = (
  found: SelectOption[],
  chosen: readonly (string | number)[],
  seen: ReadonlyMap<string | number, SelectOption>,
): SelectOption[] => {
  const extra = chosen.flatMap((v) => (found.some((o) => o.value === v) ? [] : (seen.get(v) ?? [])));
  return extra.length ? [...found, ...extra] : found;
};

export interface ServerOptionsConfig<T> {
  /** The query key of one search (the settled, trimmed text). */
  key: (term: string) => QueryKey;
  fetch: (term: string, ctx: QueryFunctionContext) => Promise<readonly T[]>;
  /** An item's option; read once per answer (keep it free of render-time state). */
  toOption: (item: T) => SelectOption;
  /**
   * Values the select holds: an item seen in an earlier answer stays among the options while it is
   * chosen, so the select keeps showing its label after the next search.
   */
  chosen?: readonly (string | number)[];
  staleTime?: number;
  enabled?: boolean;
}

/**
 * Options a select searches on the server. Typing is debounced; while the next answer is on its way
 * the previous options stay (no empty "loading" list in between), and the options array changes
 * only when an answer or the chosen values do, not on every render of the page around the select.
 */
export const useServerOptions = <T>({
  key,
  fetch,
  toOption,
  chosen = [],
  staleTime = 30_000,
  enabled = true,
}: ServerOptionsConfig<T>) => {
  const [text, setText] = useState('');
  const term = useDebounced(text.trim());
  const query = useQuery({
    queryKey: key(term),
    queryFn: (ctx) => fetch(term, ctx),
    staleTime,
    enabled,
    placeholderData: keepPreviousData,
  });
  const format = useRef(toOption);
  format.current = toOption;
  const seen = useRef(new Map<string | number, SelectOption>());
  const found = useMemo(() => {
    const list = (query.data ?? []).map((item) => format.current(item));
    for (const option of list) seen.current.set(option.value, option);
    return list;
  }, [query.data]);
  const chosenKey = chosen.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `chosen` is read through its key
  const options = useMemo(() => withChosen(found, chosen, seen.current), [found, chosenKey]);
  return { options, items: query.data ?? [], onSearch: setText, isFetching: query.isFetching };
};
