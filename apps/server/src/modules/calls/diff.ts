/** Plain-text lines of sanitised rich text: block ends and <br> become line breaks. */
export const htmlToLines = (html: string): string[] =>
  html
    .replace(/<(br|hr)\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|li|div|tr|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export type DiffOp = 'same' | 'add' | 'del';

/** Line diff by longest common subsequence (scripts are short: at most a few hundred lines). */
export const diffLines = (a: string[], b: string[]): { op: DiffOp; text: string }[] => {
  const n = Math.min(a.length, 2000);
  const m = Math.min(b.length, 2000);
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      (lcs[i] as number[])[j] =
        a[i] === b[j]
          ? ((lcs[i + 1] as number[])[j + 1] as number) + 1
          : Math.max((lcs[i + 1] as number[])[j] as number, (lcs[i] as number[])[j + 1] as number);
  const out: { op: DiffOp; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] as string });
      i++;
      j++;
    } else if (((lcs[i + 1] as number[])[j] as number) >= ((lcs[i] as number[])[j + 1] as number)) {
      out.push({ op: 'del', text: a[i++] as string });
    } else out.push({ op: 'add', text: b[j++] as string });
  }
  while (i < n) out.push({ op: 'del', text: a[i++] as string });
  while (j < m) out.push({ op: 'add', text: b[j++] as string });
  return out;
};
