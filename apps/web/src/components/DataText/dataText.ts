/**
 * A message whose named values are the user's data (a client's or product's name, a buyer), split
 * into its wording and those values, so the values can be marked as user content: a Chinese client
 * name in a Spanish title is data, not untranslated text (the tour's checks and screen readers
 * alike tell them apart by `data-user-content`).
 */
export interface DataTextPart {
  text: string;
  data: boolean;
}

const MARK = /\uE000(\d+)\uE001/;

/**
 * `translate(key, params)` with each of `dataKeys` replaced by a marker first, then split at the
 * markers: the wording as translated, the values as given. Other params are interpolated as usual.
 */
export const dataTextParts = (
  translate: (key: string, params: Record<string, unknown>) => string,
  key: string,
  params: Record<string, unknown>,
  dataKeys: readonly string[],
): DataTextPart[] => {
  const marked = { ...params };
  dataKeys.forEach((k, i) => {
    marked[k] = `\uE000${i}\uE001`;
  });
  const parts: DataTextPart[] = [];
  const pieces = translate(key, marked).split(MARK);
  pieces.forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece) parts.push({ text: piece, data: false });
    } else {
      const name = dataKeys[Number(piece)];
      parts.push({ text: name === undefined ? '' : String(params[name] ?? ''), data: true });
    }
  });
  return parts;
};
