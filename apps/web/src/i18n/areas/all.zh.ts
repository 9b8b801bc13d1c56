import type { Messages } from '../types';
import audit from './audit.zh';
import call from './call.zh';
import client from './client.zh';
import course from './course.zh';
import dict from './dict.zh';
import order from './order.zh';
import product from './product.zh';
import teaching from './teaching.zh';
import wecom from './wecom.zh';

/**
 * Every business area's messages in zh, keyed by area: ONE chunk per language (loadAreaMessages in
 * ../index.ts), so a first business page asks for one file, not eight.
 */
const messages = { client, dict, order, product, call, course, teaching, audit, wecom } satisfies Record<
  string,
  Messages
>;
export default messages;
