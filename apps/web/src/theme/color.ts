/**
 * Colour helpers for the theme. The theme colour (default #1890ff) is what the user picks; text on
 * it must stay readable (WCAG AA, 4.5:1 against white), and #1890ff with white text is only 3.2:1.
 * So solid fills that carry white text (primary buttons, the active tab) and primary-coloured text
 * use `readablePrimary(colour)`: the same hue, darkened just enough. Colours that already pass are
 * used as they are.
 */
const HEX = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i;

const parse = (hex: string): [number, number, number] | null => {
  const m = HEX.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
};

const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const channel = (v: number) => {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

export const luminance = (hex: string): number => {
  const rgb = parse(hex);
  if (!rgb) return 0;
  return 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]);
};

export const contrast = (a: string, b: string): number => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

const toHsl = ([r, g, b]: readonly number[]): [number, number, number] => {
  const [rn, gn, bn] = [r ?? 0, g ?? 0, b ?? 0].map((v) => v / 255) as [number, number, number];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h / 6, s, l];
};

const fromHsl = ([h, s, l]: readonly [number, number, number]): number[] => {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [hue(h + 1 / 3) * 255, hue(h) * 255, hue(h - 1 / 3) * 255];
};

export const isHexColor = (value: string) => parse(value) !== null;

/** The colour darkened (same hue and saturation) until white text on it reaches `ratio`. */
export const readablePrimary = (hex: string, ratio = 4.5): string => {
  const rgb = parse(hex);
  if (!rgb) return hex;
  if (contrast(toHex(rgb), '#ffffff') >= ratio) return toHex(rgb);
  const [h, s, l] = toHsl(rgb);
  for (let light = l; light > 0; light -= 0.005) {
    const candidate = toHex(fromHsl([h, s, light]));
    if (contrast(candidate, '#ffffff') >= ratio) return candidate;
  }
  return '#000000';
};

/** The colour with its lightness lowered by `by` (0-1), same hue and saturation. */
const darken = (hex: string, by: number): string => {
  const rgb = parse(hex);
  if (!rgb) return hex;
  const [h, s, l] = toHsl(rgb);
  return toHex(fromHsl([h, s, Math.max(0, l - by)]));
};

/**
 * The theme colour's three states for antd: hover and press darken a step further instead of
 * lightening (antd's default), because a hovered default button shows its text in the hover colour
 * on white and a hovered primary button white text on it: both must stay at AA (4.5:1).
 */
export const readablePrimaryStates = (hex: string) => {
  const base = readablePrimary(hex);
  return { base, hover: darken(base, 0.06), active: darken(base, 0.12) };
};
