import { VALIDITY_MODES } from '@educrm/contract/products';
import { DatePicker, Form, InputNumber, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ClassSelect } from '../../../course/shared/AskModal';
import { Field } from '../Field';
import type { FormSku } from '../specMatrix';

/** Step 4 (交付设置): how long a purchase is valid and how long it can be refunded. */
export const DeliveryStep = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const mode = Form.useWatch('validityMode', form) as (typeof VALIDITY_MODES)[number] | undefined;
  // preserve: the SKUs' properties have no field of their own (useWatch would drop them).
  const skus = Form.useWatch('skus', { form, preserve: true }) as FormSku[] | undefined;
  return (
    <>
      <Field name="validityMode" label={t('product.form.validity')}>
        <Radio.Group
          optionType="button"
          options={VALIDITY_MODES.map((v) => ({ value: v, label: t(`product.validity.${v}`) }))}
        />
      </Field>
      {mode === 'DAYS' ? (
        <Field
          name="validityDays"
          label={t('product.form.validityDays')}
          required
          extra={t('product.form.validityDaysHint')}
          rules={[{ required: true, message: t('product.form.validityDaysRequired') }]}
        >
          <InputNumber
            min={1}
            max={36500}
            precision={0}
            suffix={t('product.form.days')}
            style={{ width: 200 }}
          />
        </Field>
      ) : null}
      {mode === 'DATE' ? (
        <Field
          name="validityDate"
          label={t('product.form.validityDate')}
          required
          extra={t('product.form.validityDateHint')}
          rules={[{ required: true, message: t('product.form.validityDateRequired') }]}
          getValueProps={(v: string | null) => ({ value: v ? dayjs(v) : null })}
          normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)}
        >
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} style={{ width: 200 }} />
        </Field>
      ) : null}
      <Field name="refundDays" label={t('product.form.refundDays')} extra={t('product.form.refundDaysHint')}>
        <InputNumber min={0} max={365} precision={0} suffix={t('product.form.days')} style={{ width: 200 }} />
      </Field>
      <Form.Item
        label={t('product.form.classBinding')}
        extra={`${t('product.form.classNote')} ${t('teaching.sku.hint')}`}
      >
        <div className="delivery-classes" data-testid="delivery-classes">
          {(skus ?? []).map((k, i) => (
            <div key={k.id ?? k.skuCode ?? i} className="delivery-classes__row">
              <span className="delivery-classes__sku">
                {(k.properties ?? []).map((p) => p.value).join(' / ') || k.skuCode}
              </span>
              <Form.Item name={['skus', i, 'classId']} noStyle>
                <ClassSelect />
              </Form.Item>
              <Form.Item name={['skus', i, 'lessonHours']} noStyle>
                <InputNumber
                  min={1}
                  max={10000}
                  precision={0}
                  placeholder={t('teaching.sku.periodOnly')}
                  suffix={t('teaching.sku.hours')}
                  aria-label={t('teaching.sku.lessonHours')}
                  style={{ width: 150 }}
                />
              </Form.Item>
            </div>
          ))}
        </div>
      </Form.Item>
    </>
  );
};
