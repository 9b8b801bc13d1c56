import type { Messages } from '../types';
import audit from './audit.ja';
import call from './call.ja';
import client from './client.ja';
import course from './course.ja';
import dict from './dict.ja';
import order from './order.ja';
import product from './product.ja';
import teaching from './teaching.ja';
import wecom from './wecom.ja';

/**
 * Every business area's messages in ja, keyed by area: ONE chunk per language (loadAreaMessages in
 * ../index.ts), so a first business page asks for one file, not eight.
 */
const messages = { client, dict, order, product, call, course, teaching, audit, wecom } satisfies Record<
  string,
  Messages
>;
export default messages;
