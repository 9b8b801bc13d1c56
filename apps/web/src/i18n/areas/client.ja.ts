import type { Messages } from '../types';

/** Messages of the client pages (ja). Same keys in zh, en, es and ja (checked by keys.test.ts). */
const messages: Messages = {};

export default messages;
