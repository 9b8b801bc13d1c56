import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { toThousand } from '../../../utils/number';
import { hasSubFen, MAX_YUAN } from '../shared/money';

/** Rules of the form's cells that the contract states in fen (the form holds yuan). */
export const moneyRules = (t: TFunction, required: boolean): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      if (value === null || value === undefined || value === '') {
        if (required) throw new Error(t('product.form.priceRequired'));
        return;
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        throw new Error(t('validation.numberMin', { min: 0 }));
      if (value > MAX_YUAN) throw new Error(t('validation.numberMax', { max: toThousand(MAX_YUAN) }));
      if (hasSubFen(value)) throw new Error(t('product.form.priceDecimals'));
    },
  },
];

export const SKU_CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** A SKU code: 1-40 letters, digits, _ or -, unique within the product. */
export const skuCodeRules = (t: TFunction, others: () => string[]): Rule[] => [
  {
    validator: async (_rule, value: unknown) => {
      const code = typeof value === 'string' ? value.trim() : '';
      if (!code) throw new Error(t('product.form.skuCodeRequired'));
      if (!SKU_CODE.test(code)) throw new Error(t('product.form.skuCodeRule'));
      if (others().filter((c) => c.trim() === code).length > 1)
        throw new Error(t('product.form.skuCodeTwice'));
    },
  },
];
