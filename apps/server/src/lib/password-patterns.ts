/**
 * Shapes of weak passwords the common-password list cannot hold in full: a common base (a top
 * Chinese surname in pinyin, a listed password, a stock word, a keyboard walk; `l33t` spellings
 * too) followed by a common suffix (digits in a row, a repeated group, a year, a lucky number, up to
 * three digits, a symbol or two), and walks along the keyboard (`1qaz2wsx`, `qazwsxedc`, `!qaz@wsx`).
 */

/** The most common Chinese surnames, in pinyin (about the top 100; `lv` and `lyu` both spell 吕). */
const SURNAMES = new Set(
  (
    'wang li zhang liu chen yang huang zhao wu zhou xu sun ma zhu hu guo he gao lin luo zheng liang xie ' +
    'song tang han feng deng cao peng zeng xiao tian dong yuan pan yu jiang cai jia ding wei xue ye yan ' +
    'lu du dai zhong fu shen cui ren qian kang pang mao qiu qin shi gu hou shao meng long wan duan lei ' +
    'yin yi chang qiao lai gong wen xiang niu bai kong zou hao xing tao fan fang jin lv lyu su cheng ' +
    'hong ou xiong yao bao mo ning gan zuo an liao tan hua yue zhan ji xia tong'
  ).split(' '),
);

/** Stock words people build passwords from. */
const WORDS = new Set(
  'admin administrator password passwd pass root test user guest welcome woaini iloveyou love qwerty abc system'.split(
    ' ',
  ),
);

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const unleet = (text: string) => text.replace(/[013457@$!]/g, (c) => LEET[c] ?? c);

const LUCKY = new Set(['520', '521', '1314', '5201314', '168', '1688', '9999', '6666', '8888']);

const isRun = (digits: string) => {
  const step = Number(digits[1]) - Number(digits[0]);
  if (Math.abs(step) !== 1) return false;
  for (let i = 1; i < digits.length; i++)
    if (Number(digits[i]) - Number(digits[i - 1]) !== step) return false;
  return true;
};

/** The digits and symbols people put after a word. */
const isCommonSuffix = (suffix: string) => {
  const digits = suffix.replace(/\D/g, '');
  if (suffix.length - digits.length > 2) return false;
  if (digits.length <= 3) return true;
  const year = Number(digits);
  return (
    isRun(digits) ||
    /^(\d{1,3})\1+$/.test(digits) ||
    LUCKY.has(digits) ||
    (digits.length === 4 && year >= 1950 && year <= 2039)
  );
};

// ---- keyboard walks ------------------------------------------------------------------------------

const ROWS: [string, number][] = [
  ['1234567890-=', 0],
  ['qwertyuiop[]', 0.5],
  ["asdfghjkl;'", 0.75],
  ['zxcvbnm,./', 1.25],
];
const SHIFTED: Record<string, string> = {
  '!': '1',
  '@': '2',
  '#': '3',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '*': '8',
  '(': '9',
  ')': '0',
  _: '-',
  '+': '=',
  '{': '[',
  '}': ']',
  ':': ';',
  '"': "'",
  '<': ',',
  '>': '.',
  '?': '/',
};
const KEYS = new Map<string, [number, number]>(
  ROWS.flatMap(([keys, offset], row) =>
    [...keys].map((key, i): [string, [number, number]] => [key, [row, i + offset]]),
  ),
);
const keyOf = (c: string) => KEYS.get(SHIFTED[c] ?? c);

const adjacent = (a: [number, number], b: [number, number]) =>
  Math.abs(a[0] - b[0]) <= 1 && Math.abs(a[1] - b[1]) <= (a[0] === b[0] ? 1 : 0.75);

/** Made of stretches of 3+ keys each next to (or the same as) the one before. */
export const isKeyboardWalk = (text: string) => {
  if (text.length < 3) return false;
  let run = 1;
  for (let i = 1; i < text.length; i++) {
    const a = keyOf(text[i - 1] as string);
    const b = keyOf(text[i] as string);
    if (!a || !b) return false;
    if (adjacent(a, b)) run++;
    else if (run >= 3) run = 1;
    else return false;
  }
  return run >= 3;
};

/** A weak shape (lower-cased password): a keyboard walk, or a common base with a common suffix. */
export const hasWeakShape = (password: string, isListed: (p: string) => boolean) => {
  if (isKeyboardWalk(password)) return true;
  const base = password.replace(/[^a-z]+$/, '');
  if (!base || !isCommonSuffix(password.slice(base.length))) return false;
  const plain = unleet(base);
  return SURNAMES.has(plain) || WORDS.has(plain) || isListed(base) || isListed(plain) || isKeyboardWalk(base);
};
