/**
 * Every business area's messages per language, for tests (the app loads one language's
 * `all.<lang>.ts` lazily through loadAreaMessages in ../index.ts).
 */

export { default as en } from './all.en';
export { default as es } from './all.es';
export { default as ja } from './all.ja';
export { default as zh } from './all.zh';
