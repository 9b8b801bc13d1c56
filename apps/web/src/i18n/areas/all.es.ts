import type { Messages } from '../types';
import audit from './audit.es';
import call from './call.es';
import client from './client.es';
import course from './course.es';
import dict from './dict.es';
import order from './order.es';
import product from './product.es';
import teaching from './teaching.es';
import wecom from './wecom.es';

/**
 * Every business area's messages in es, keyed by area: ONE chunk per language (loadAreaMessages in
 * ../index.ts), so a first business page asks for one file, not eight.
 */
const messages = { client, dict, order, product, call, course, teaching, audit, wecom } satisfies Record<
  string,
  Messages
>;
export default messages;
