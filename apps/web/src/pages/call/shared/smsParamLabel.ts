import type { TFunction } from 'i18next';

/** A template variable's label: the known names (`${name}`, `${course}`…) read as words, others as written. */
export const smsParamLabel = (t: TFunction, name: string): string =>
  t(`call.sms.var.${name}`, { defaultValue: name });
