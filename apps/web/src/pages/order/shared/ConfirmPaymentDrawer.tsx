import { confirmPayment, type OrderDetail, PAY_METHODS } from '@educrm/contract/orders';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { confirmOrderPayment, getOrder } from '../../../api/orders';
import { DataText } from '../../../components/DataText/DataText';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { formatMoney } from '../../../utils/money';
import { VoucherField } from './VoucherField';

/** Rules of the fields the form shows as they are (the time is a picker value, checked here). */
const schema = confirmPayment.pick({ payMethod: true, payTradeNo: true, voucherUrls: true });

interface Values {
  payMethod?: string;
  paidAt?: Dayjs;
  payTradeNo?: string;
  voucherUrls?: string[];
  version?: number;
}

/** Admin: an offline payment received (method, time, voucher images) → the order is PAID. */
export const ConfirmPaymentDrawer = ({
  order,
  onClosed,
  onDone,
}: {
  order: OrderDetail;
  onClosed: () => void;
  onDone: () => unknown;
}) => {
  const { t } = useTranslation();
  return (
    <ResourceDrawerForm<Values, OrderDetail>
      id={`order-confirm-${order.id}`}
      title={t('order.confirm.title', { no: order.orderNo })}
      schema={schema}
      version={order.version}
      initialValues={{ payMethod: 'BANK_TRANSFER', paidAt: dayjs(), voucherUrls: [] }}
      submitText={t('order.confirm.submit', { amount: formatMoney(order.payAmount) })}
      successMessage={t('order.confirm.done')}
      onClosed={onClosed}
      onSubmit={({ paidAt, ...values }) =>
        confirmOrderPayment(order.id, {
          payMethod: values.payMethod as (typeof PAY_METHODS)[number],
          paidAt: (paidAt ?? dayjs()).toDate().toISOString(),
          payTradeNo: values.payTradeNo ?? '',
          voucherUrls: values.voucherUrls ?? [],
          version: values.version ?? order.version,
        })
      }
      onSuccess={() => void onDone()}
      onReload={async () => {
        const fresh = await getOrder(order.id);
        void onDone();
        return { values: {}, version: fresh.version };
      }}
    >
      <p className="order-form-lead">
        <DataText
          i18nKey="order.confirm.lead"
          values={{ amount: formatMoney(order.payAmount), buyer: order.buyerName }}
          data={['buyer']}
        />
      </p>
      <FormField name="payMethod" label={t('order.field.payMethod')}>
        <Select options={PAY_METHODS.map((m) => ({ value: m, label: t(`order.payMethod.${m}`) }))} />
      </FormField>
      <Form.Item
        name="paidAt"
        label={t('order.confirm.paidAt')}
        required
        rules={[
          { required: true, message: t('order.confirm.paidAtRequired') },
          {
            validator: async (_r, v?: Dayjs) => {
              if (v?.isAfter(dayjs().add(5, 'minute'))) throw new Error(t('order.confirm.paidAtFuture'));
            },
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          disabledDate={(d) => d.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <FormField name="payTradeNo" label={t('order.field.payTradeNo')} extra={t('order.confirm.tradeNoHint')}>
        <Input maxLength={64} autoComplete="off" />
      </FormField>
      <FormField name="voucherUrls" label={t('order.field.vouchers')} extra={t('order.confirm.voucherHint')}>
        <VoucherField />
      </FormField>
    </ResourceDrawerForm>
  );
};
