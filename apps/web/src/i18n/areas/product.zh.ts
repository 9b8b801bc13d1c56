import type { Messages } from '../types';

/** Messages of the product pages (zh). Same keys in zh, en, es and ja (checked by keys.test.ts). */
const messages: Messages = {};

export default messages;
