import { type OrderDetail, refundApply } from '@educrm/contract/orders';
import { App, Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyRefund } from '../../../api/orders';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { SubmitCancelled } from '../../../components/ResourceForm/useResourceForm';
import {
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
 * Apply for a refund of a paid order: all that is left (full) or a part. An amount above what is
 * refundable (paid minus refunds applied, approved or done) is an error beside the field, never
 * silently lowered; a "partial" amount equal to all that is left is a full refund, confirmed first.
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
  const { message, modal } = App.useApp();
  const refundable = refundableOf(order);
  const amountOf = (values: Values) =>
    values.kind === 'FULL' ? refundable : (yuanToFen(values.amount) ?? 0);
  const confirmFull = () =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('order.refund.fullConfirmTitle', { amount: formatMoney(refundable) }),
        content: t('order.refund.fullConfirmText'),
        okText: t('order.refund.fullConfirmOk'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });
  const inFlight = refundInFlightOf(order.refunds);
  return (
    <ResourceDrawerForm<Values, OrderDetail>
      id={`order-refund-${order.id}`}
      title={t('order.refund.applyTitle', { no: order.orderNo })}
      schema={schema}
      initialValues={{ kind: 'PARTIAL', amount: null, reason: '' }}
      submitText={t('order.refund.applySubmit')}
      successMessage={false}
      onClosed={onClosed}
      onSubmit={async (values) => {
        const amount = amountOf(values);
        if (values.kind !== 'FULL' && amount === refundable && !(await confirmFull()))
          throw new SubmitCancelled();
        return applyRefund(order.id, { amount, reason: values.reason ?? '' });
      }}
      onSuccess={(_result, values) => {
        const amount = amountOf(values);
        void message.success(
          t(amount === refundable ? 'order.refund.appliedFull' : 'order.refund.appliedPartial', {
            amount: formatMoney(amount),
          }),
        );
        void onDone();
      }}
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
      <Form.Item noStyle dependencies={['kind', 'amount']}>
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
              extra={
                yuanToFen(getFieldValue('amount')) === refundable
                  ? t('order.refund.amountIsFull')
                  : t('order.refund.amountHint', { amount: formatMoney(refundable) })
              }
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
              <InputNumber precision={2} step={1} prefix="¥" style={{ width: '100%' }} />
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
