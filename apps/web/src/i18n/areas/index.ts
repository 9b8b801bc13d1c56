/**
 * Every business area's messages per language, for tests only (the app loads them lazily through
 * loadAreaMessages in ../index.ts, which lists the same areas).
 */

import auditEn from './audit.en';
import auditEs from './audit.es';
import auditJa from './audit.ja';
import auditZh from './audit.zh';
import callEn from './call.en';
import callEs from './call.es';
import callJa from './call.ja';
import callZh from './call.zh';
import clientEn from './client.en';
import clientEs from './client.es';
import clientJa from './client.ja';
import clientZh from './client.zh';
import courseEn from './course.en';
import courseEs from './course.es';
import courseJa from './course.ja';
import courseZh from './course.zh';
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
import wecomEn from './wecom.en';
import wecomEs from './wecom.es';
import wecomJa from './wecom.ja';
import wecomZh from './wecom.zh';

export const zh = {
  client: clientZh,
  dict: dictZh,
  order: orderZh,
  product: productZh,
  call: callZh,
  course: courseZh,
  audit: auditZh,
  wecom: wecomZh,
};
export const en = {
  client: clientEn,
  dict: dictEn,
  order: orderEn,
  product: productEn,
  call: callEn,
  course: courseEn,
  audit: auditEn,
  wecom: wecomEn,
};
export const es = {
  client: clientEs,
  dict: dictEs,
  order: orderEs,
  product: productEs,
  call: callEs,
  course: courseEs,
  audit: auditEs,
  wecom: wecomEs,
};
export const ja = {
  client: clientJa,
  dict: dictJa,
  order: orderJa,
  product: productJa,
  call: callJa,
  course: courseJa,
  audit: auditJa,
  wecom: wecomJa,
};
