/**
 * Control characters in input text. PostgreSQL refuses NUL in text, and other C0 characters only
 * hide or garble what staff read, so every string the API accepts (body, query, params, object
 * keys) is checked in one place (the server's validator) against this rule: no C0 character and no
 * DEL, except tab, newline and carriage return in the multi-line fields named here. A lone UTF-16
 * surrogate (half of an emoji, `\ud800`) is refused as well: it has no UTF-8 form, and PostgreSQL
 * refuses its escape in JSON (audit params, settings).
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  'remark',
  'content',
  'description',
  'intro',
  'introduction',
  'reason',
  'detailHtml',
  'welcomeText',
]);

const isLineChar = (c: number) => c === 9 || c === 10 || c === 13;

export const hasControlChars = (value: string, field?: string): boolean => {
  const multiline = field !== undefined && MULTILINE_FIELDS.has(field);
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 || c === 127) && !(multiline && isLineChar(c))) return true;
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      // A high surrogate followed by a low one is a pair (one character); anything else is alone.
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    }
  }
  return false;
};

/** The paths of an input's strings and object keys that hold control characters (iterative: any depth). */
export const controlCharPaths = (input: unknown): (string | number)[][] => {
  const found: (string | number)[][] = [];
  const stack: [unknown, (string | number)[], string | undefined][] = [[input, [], undefined]];
  while (stack.length > 0) {
    const [value, path, field] = stack.pop() as [unknown, (string | number)[], string | undefined];
    if (typeof value === 'string') {
      if (hasControlChars(value, field)) found.push(path);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => {
        stack.push([v, [...path, i], field]);
      });
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (hasControlChars(k)) found.push([...path, k]);
        else stack.push([v, [...path, k], k]);
      }
    }
  }
  return found;
};
