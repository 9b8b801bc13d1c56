import type { Messages } from '../types';
import audit from './audit.en';
import call from './call.en';
import client from './client.en';
import course from './course.en';
import dict from './dict.en';
import order from './order.en';
import product from './product.en';
import teaching from './teaching.en';
import wecom from './wecom.en';

/**
 * Every business area's messages in en, keyed by area: ONE chunk per language (loadAreaMessages in
 * ../index.ts), so a first business page asks for one file, not eight.
 */
const messages = { client, dict, order, product, call, course, teaching, audit, wecom } satisfies Record<
  string,
  Messages
>;
export default messages;
