/**
 * Spec section 5 helpers: external links, the username rule and emoji detection.
 *
 * `isValidUsername` lives in the shared contract so that the server's ADMIN_USERNAME check and the
 * web forms apply the same rule (4-16 letters, digits, `_` or `-`, after trimming). It is imported
 * from the contract's `constants` entry rather than its index so that importing this file does not
 * drag the contract's zod schemas into the first (login) chunk.
 */
export { isValidUsername } from '@educrm/contract/constants';

const EXTERNAL_SCHEMES = /^(?:https?|mailto|tel):/i;

/**
 * True for links that leave the console: the value starts with `http:`, `https:`, `mailto:` or `tel:`.
 * Schemes are case-insensitive (RFC 3986), so `HTTPS://` counts; nothing is trimmed ("starts with").
 */
export const isExternal = (path: string): boolean => typeof path === 'string' && EXTERNAL_SCHEMES.test(path);

/**
 * Emoji detection. A string has an emoji when it contains
 * - a pictograph (Unicode property Extended_Pictographic: 😀 ❤ ☎ 🀄 ...; this also covers the
 *   text-style pictographs © ® ™ ‼, which Unicode lists as emoji), or
 * - a character whose default presentation is emoji (Emoji_Presentation: regional-indicator flag
 *   letters 🇨, skin-tone modifiers, ...), or
 * - a keycap sequence (a digit, `#` or `*`, optional U+FE0F, then U+20E3: 1️⃣ #️⃣).
 * Plain digits, `#` and `*` carry the Unicode "Emoji" property too, but alone they are ordinary text,
 * so the broad `\p{Emoji}` property is deliberately not used. CJK text, kana, Latin, punctuation
 * and full-width symbols are not emoji.
 */
const EMOJI = /\p{Extended_Pictographic}|\p{Emoji_Presentation}|[0-9#*]\uFE0F?\u20E3/u;

export const hasEmoji = (s: string): boolean => typeof s === 'string' && EMOJI.test(s);
