/**
 * Every business area's messages per language, for tests only (the app loads them lazily through
 * loadAreaMessages in ../index.ts, which lists the same areas).
 */

import callEn from './call.en';
import callEs from './call.es';
import callJa from './call.ja';
import callZh from './call.zh';
import clientEn from './client.en';
import clientEs from './client.es';
import clientJa from './client.ja';
import clientZh from './client.zh';
import dictEn from './dict.en';
import dictEs from './dict.es';
import dictJa from './dict.ja';
import dictZh from './dict.zh';
import orderEn from './order.en';
import orderEs from './order.es';
import orderJa from './order.ja';
import orderZh from './order.zh';
import productEn from './product.en';
import productEs from './product.es';
import productJa from './product.ja';
import productZh from './product.zh';

export const zh = { client: clientZh, dict: dictZh, order: orderZh, product: productZh, call: callZh };
export const en = { client: clientEn, dict: dictEn, order: orderEn, product: productEn, call: callEn };
export const es = { client: clientEs, dict: dictEs, order: orderEs, product: productEs, call: callEs };
export const ja = { client: clientJa, dict: dictJa, order: orderJa, product: productJa, call: callJa };
