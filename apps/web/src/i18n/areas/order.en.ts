import type { Messages } from '../types';

/** Messages of the order pages (en). Same keys in zh, en, es and ja (checked by keys.test.ts). */
const messages: Messages = {};

export default messages;
