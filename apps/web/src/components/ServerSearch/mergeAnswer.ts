import type { SelectOption } from '../ResourceTable/listState';

/**
 * A server-searched select's options: the chosen items (when given) first, then the answer, each
 * value once (several SKUs of one product are one product option).
 */
export const mergeAnswer = <T>(
  answer: readonly T[],
  chosen: readonly T[],
  toOption: (item: T) => SelectOption,
): SelectOption[] => {
  const seen = new Set<SelectOption['value']>();
  const out: SelectOption[] = [];
  for (const item of [...chosen, ...answer]) {
    const option = toOption(item);
    if (seen.has(option.value)) continue;
    seen.add(option.value);
    out.push(option);
  }
  return out;
};
