import { changeAttribution as changeAttributionSchema, type OrderDetail } from '@educrm/contract/orders';
import { Alert, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeAttribution, getOrder } from '../../../api/orders';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { useStaffSearch } from './lookups';

const schema = changeAttributionSchema.pick({ salesUserId: true, reason: true });

interface Values {
  salesUserId?: number;
  reason?: string;
  version?: number;
}

/** Admin: moves the order's revenue to another sales user, with a reason (audited). */
export const AttributionDrawer = ({
  order,
  onClosed,
  onDone,
}: {
  order: OrderDetail;
  onClosed: () => void;
  onDone: () => unknown;
}) => {
  const { t } = useTranslation();
  const staff = useStaffSearch();
  return (
    <ResourceDrawerForm<Values, OrderDetail>
      id={`order-attribution-${order.id}`}
      title={t('order.attribution.title', { no: order.orderNo })}
      schema={schema}
      version={order.version}
      initialValues={{ reason: '' }}
      successMessage={t('order.attribution.done')}
      onClosed={onClosed}
      onSubmit={(values) =>
        changeAttribution(order.id, {
          salesUserId: values.salesUserId ?? 0,
          reason: values.reason ?? '',
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
      <Alert className="order-notice" type="info" showIcon title={t('order.attribution.hint')} />
      <Form.Item label={t('order.attribution.current')}>
        <Input
          disabled
          aria-label={t('order.attribution.current')}
          value={
            order.salesUserName
              ? `${order.salesUserName}${order.salesDeptName ? ` (${order.salesDeptName})` : ''}`
              : t('order.field.noSales')
          }
        />
      </Form.Item>
      <FormField name="salesUserId" label={t('order.attribution.to')}>
        <Select
          showSearch={{ filterOption: false, onSearch: staff.onSearch }}
          loading={staff.isFetching}
          placeholder={t('order.attribution.pick')}
          options={staff.options.filter((o) => o.value !== order.salesUserId)}
        />
      </FormField>
      <FormField name="reason" label={t('order.attribution.reason')}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </FormField>
    </ResourceDrawerForm>
  );
};
