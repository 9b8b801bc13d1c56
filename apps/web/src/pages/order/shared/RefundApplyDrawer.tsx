import { type OrderDetail, refundApply } from '@educrm/contract/orders';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyRefund } from '../../../api/orders';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import {
  fenToYuan,
  formatMoney,
  refundAmountProblem,
  refundableOf,
  refundInFlightOf,
  yuanToFen,
} from '../../../utils/money';

const schema = refundApply.pick({ reason: true });

interface Values {
  kind?: 'FULL' | 'PARTIAL';
  amount?: number | null;
  reason?: string;
}

/**
 * Apply for a refund of a paid order: all that is left (full) or a part. The amount can never be
 * above what is refundable (paid minus refunds applied, approved or done), which the form shows.
 */
export const RefundApplyDrawer = ({
  order,
  onClosed,
  onDone,
}: {
  order: OrderDetail;
  onClosed: () => void;
  onDone: () => unknown;
}) => {
  const { t } = useTranslation();
  const refundable = refundableOf(order);
  const inFlight = refundInFlightOf(order.refunds);
  return (
    <ResourceDrawerForm<Values, OrderDetail>
      id={`order-refund-${order.id}`}
      title={t('order.refund.applyTitle', { no: order.orderNo })}
      schema={schema}
      initialValues={{ kind: 'PARTIAL', amount: null, reason: '' }}
      submitText={t('order.refund.applySubmit')}
      successMessage={t('order.refund.applied')}
      onClosed={onClosed}
      onSubmit={(values) =>
        applyRefund(order.id, {
          amount: values.kind === 'FULL' ? refundable : (yuanToFen(values.amount) ?? 0),
          reason: values.reason ?? '',
        })
      }
      onSuccess={() => void onDone()}
    >
      <dl className="order-refundable" data-testid="refund-refundable">
        <div>
          <dt>{t('order.field.payAmount')}</dt>
          <dd>{formatMoney(order.payAmount)}</dd>
        </div>
        <div>
          <dt>{t('order.field.refundAmount')}</dt>
          <dd>{formatMoney(order.refundAmount)}</dd>
        </div>
        {inFlight > 0 ? (
          <div>
            <dt>{t('order.refund.inFlight')}</dt>
            <dd>{formatMoney(inFlight)}</dd>
          </div>
        ) : null}
        <div className="order-refundable__main">
          <dt>{t('order.field.refundable')}</dt>
          <dd>{formatMoney(refundable)}</dd>
        </div>
      </dl>
      <Form.Item name="kind" label={t('order.refund.kind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'PARTIAL', label: t('order.refund.partial') },
            { value: 'FULL', label: t('order.refund.full') },
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) =>
          getFieldValue('kind') === 'FULL' ? (
            <p className="order-form-lead">
              {t('order.refund.fullText', { amount: formatMoney(refundable) })}
            </p>
          ) : (
            <Form.Item
              name="amount"
              label={t('order.refund.amountYuan')}
              required
              extra={t('order.refund.amountHint', { amount: formatMoney(refundable) })}
              rules={[
                {
                  validator: async (_r, v: number | null | undefined) => {
                    const problem = refundAmountProblem(yuanToFen(v), refundable);
                    if (problem === 'required') throw new Error(t('order.refund.amountRequired'));
                    if (problem === 'positive') throw new Error(t('order.refund.amountPositive'));
                    if (problem === 'aboveRefundable')
                      throw new Error(t('order.refund.amountAbove', { amount: formatMoney(refundable) }));
                  },
                },
              ]}
            >
              <InputNumber
                min={0}
                max={fenToYuan(refundable)}
                precision={2}
                step={1}
                prefix="¥"
                style={{ width: '100%' }}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <FormField name="reason" label={t('order.refund.reason')}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </FormField>
    </ResourceDrawerForm>
  );
};
