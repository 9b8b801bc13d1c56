import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_ROLE } from '@educrm/contract/access';
import type { ClientRow } from '@educrm/contract/clients';
import { type OrderDetail, orderCreate } from '@educrm/contract/orders';
import { Alert, App, Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createOrder, getClientBrief, searchClients } from '../../../api/orders';
import { ExpandedTreeSelect } from '../../../components/ExpandedTreeSelect';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';
import { useUserStore } from '../../../stores/user';
import { formatMoney, orderTotals, yuanToFen } from '../../../utils/money';
import { newIdempotencyKey } from './idempotency';
import { skuLabel, useOrderDicts, useSkuSearch } from './lookups';
import { useOrderRefresh } from './useOrderRefresh';

const schema = orderCreate.pick({ clientId: true, remark: true });

interface Line {
  skuId?: number;
  qty?: number;
}
interface Values {
  clientId?: number;
  items?: Line[];
  discount?: number | null;
  adjust?: number | null;
  sourcePlatformId?: number;
  channelId?: number;
  remark?: string;
}

type ClientBrief = Pick<ClientRow, 'id' | 'name' | 'mobile' | 'ownerName'>;

/** The clients the order may be for (searched), or only the preset one (opened from a client). */
const useClientSearch = (own: boolean, presetId?: number) => {
  return useServerOptions<ClientBrief>({
    key: (term) => ['orders', 'client-search', own, term],
    fetch: async (term) => (await searchClients(term, own)).items,
    toOption: (c) => ({
      value: c.id,
      label: `${c.name}${c.mobile ? ` · ${c.mobile}` : ''}${c.ownerName ? ` (${c.ownerName})` : ''}`,
    }),
    enabled: presetId === undefined,
    chosen:
      presetId === undefined
        ? undefined
        : {
            key: ['orders', 'client-brief', presetId, 'option'],
            fetch: async () => [await getClientBrief(presetId)],
          },
  });
};

/**
 * A manual order for a client: the client (searched; sales staff only see their own clients), lines
 * of on-sale SKUs with quantities, a discount and an adjustment, and the totals computed live in
 * yuan (sent in fen; the server prices the SKUs itself and refuses a different total). One key per
 * opened form makes a double submit create one order. Orders by sales staff stay pending until an
 * admin confirms the payment. Mount it to open it; `onClosed` after it closed.
 */
export const CreateOrderDrawer = ({
  clientId,
  onCreated,
  onClosed,
}: {
  /** Preset client (opened from the client's drawer): not changeable here. */
  clientId?: number;
  onCreated?: (order: OrderDetail) => void;
  onClosed: () => void;
}) => {
  const { t } = useTranslation();
  const roles = useUserStore((s) => s.roles);
  const isAdmin = roles.includes(ADMIN_ROLE);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const clients = useClientSearch(!isAdmin, clientId);
  const skus = useSkuSearch({ onSale: true });
  const dicts = useOrderDicts();
  const refresh = useOrderRefresh();
  const { message } = App.useApp();

  return (
    <ResourceDrawerForm<Values, OrderDetail>
      id="order-create"
      title={t('order.create.title')}
      width={760}
      schema={schema}
      initialValues={{ clientId, items: [{ qty: 1 }], discount: null, adjust: null, remark: '' }}
      submitText={t('order.create.submit')}
      successMessage={false}
      onClosed={onClosed}
      onSubmit={(values) => {
        const lines = (values.items ?? []).filter((l): l is Required<Line> => Boolean(l?.skuId && l.qty));
        const discountAmount = yuanToFen(values.discount) ?? 0;
        const adjustAmount = yuanToFen(values.adjust) ?? 0;
        const totals = orderTotals(
          lines.map((l) => ({ price: skus.known.get(l.skuId)?.price ?? 0, qty: l.qty })),
          discountAmount,
          adjustAmount,
        );
        return createOrder({
          clientId: values.clientId ?? 0,
          items: lines.map((l) => ({ skuId: l.skuId, qty: l.qty })),
          discountAmount,
          adjustAmount,
          payAmount: totals.pay,
          sourcePlatformId: values.sourcePlatformId ?? null,
          channelId: values.channelId ?? null,
          remark: values.remark ?? '',
          idempotencyKey,
        });
      }}
      onSuccess={(order) => {
        void message.success(t('order.create.done', { no: order.orderNo }));
        void refresh();
        onCreated?.(order);
      }}
    >
      {isAdmin ? null : (
        <Alert className="order-notice" type="info" showIcon title={t('order.create.salesHint')} />
      )}
      <FormField name="clientId" label={t('order.field.client')}>
        <Select
          showSearch={clientId === undefined ? { filterOption: false, onSearch: clients.onSearch } : false}
          disabled={clientId !== undefined}
          loading={clients.isFetching}
          placeholder={t(isAdmin ? 'order.create.clientPick' : 'order.create.clientPickOwn')}
          options={clients.options}
          notFoundContent={clients.error ? clients.error.message : t('order.create.noClient')}
        />
      </FormField>

      <fieldset className="order-lines">
        <legend>{t('order.create.lines')}</legend>
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_r, lines?: Line[]) => {
                if (!lines?.some((l) => l?.skuId)) throw new Error(t('order.create.linesRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <div key={field.key} className="order-line" data-testid="order-line">
                  <Form.Item
                    name={[field.name, 'skuId']}
                    className="order-line__sku"
                    label={t('order.create.sku')}
                    rules={[{ required: true, message: t('order.create.skuRequired') }]}
                  >
                    <Select
                      showSearch={{ filterOption: false, onSearch: skus.onSearch }}
                      loading={skus.isFetching}
                      placeholder={t('order.create.skuPick')}
                      aria-label={`${t('order.create.sku')} ${index + 1}`}
                      notFoundContent={
                        skus.isError ? t('order.create.skuLoadFailed') : t('order.create.noSku')
                      }
                      options={skus.items.map((o) => ({
                        value: o.skuId,
                        disabled: o.stock === 0,
                        label:
                          o.stock === null
                            ? skuLabel(o)
                            : `${skuLabel(o)} · ${t('order.create.stock', { n: o.stock })}`,
                      }))}
                      labelRender={({ value, label }) => {
                        const known = skus.known.get(Number(value));
                        return known ? skuLabel(known) : label;
                      }}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'qty']}
                    className="order-line__qty"
                    label={t('order.create.qty')}
                    rules={[{ required: true, message: t('order.create.qtyRequired') }]}
                  >
                    <InputNumber
                      min={1}
                      max={999}
                      precision={0}
                      aria-label={`${t('order.create.qty')} ${index + 1}`}
                    />
                  </Form.Item>
                  <Form.Item
                    noStyle
                    shouldUpdate={(prev: Values, cur: Values) =>
                      prev.items?.[field.name]?.skuId !== cur.items?.[field.name]?.skuId ||
                      prev.items?.[field.name]?.qty !== cur.items?.[field.name]?.qty
                    }
                  >
                    {({ getFieldValue }) => {
                      const line = getFieldValue(['items', field.name]) as Line | undefined;
                      const price = line?.skuId ? skus.known.get(line.skuId)?.price : undefined;
                      return (
                        <span className="order-line__sum" title={t('order.create.lineTotal')}>
                          {price === undefined ? '-' : formatMoney(price * (line?.qty ?? 0))}
                        </span>
                      );
                    }}
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    className="order-line__remove"
                    disabled={fields.length <= 1}
                    aria-label={t('order.create.removeLine', { n: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= 50}
                onClick={() => add({ qty: 1 })}
                block
              >
                {t('order.create.addLine')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>

      <div className="order-form-row">
        <Form.Item
          name="discount"
          label={t('order.create.discount')}
          dependencies={['items']}
          rules={[
            ({ getFieldsValue }) => ({
              validator: async (_r, v) => {
                const totals = totalsOf(getFieldsValue(true) as Values, skus.known);
                if ((yuanToFen(v) ?? 0) > totals.total) throw new Error(t('order.create.discountTooLarge'));
              },
            }),
          ]}
        >
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="adjust"
          label={t('order.create.adjust')}
          extra={t('order.create.adjustHint')}
          dependencies={['items', 'discount']}
          rules={[
            ({ getFieldsValue }) => ({
              validator: async () => {
                const totals = totalsOf(getFieldsValue(true) as Values, skus.known);
                if (totals.problem === 'payNegative') throw new Error(t('order.create.payNegative'));
              },
            }),
          ]}
        >
          <InputNumber precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      </div>

      <Totals known={skus.known} />

      <div className="order-form-row">
        <FormField name="sourcePlatformId" label={t('order.field.platform')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={dicts.isFetching}
            options={dicts.platforms.map((o) => ({ value: o.value, label: o.label as string }))}
          />
        </FormField>
        <FormField name="channelId" label={t('order.field.channel')}>
          <ExpandedTreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={dicts.isFetching}
            treeData={dicts.channels as never}
          />
        </FormField>
      </div>
      <FormField name="remark" label={t('order.field.remark')}>
        <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
      </FormField>
    </ResourceDrawerForm>
  );
};

const totalsOf = (values: Values, known: Map<number, { price: number }>) =>
  orderTotals(
    (values.items ?? []).flatMap((l) =>
      l?.skuId ? [{ price: known.get(l.skuId)?.price ?? 0, qty: l.qty ?? 0 }] : [],
    ),
    yuanToFen(values.discount) ?? 0,
    yuanToFen(values.adjust) ?? 0,
  );

/**
 * The live totals: goods, discount, adjustment and what the buyer pays. ResourceDrawerForm owns the
 * form, so this reads it from inside (`Form.useFormInstance`).
 */
const Totals = ({ known }: { known: Map<number, { price: number }> }) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance<Values>();
  const items = Form.useWatch('items', form);
  const discount = Form.useWatch('discount', form);
  const adjust = Form.useWatch('adjust', form);
  const totals = totalsOf({ items, discount, adjust }, known);
  return (
    <dl className="order-totals" data-testid="order-totals" aria-live="polite">
      <div>
        <dt>{t('order.field.totalAmount')}</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
      <div>
        <dt>{t('order.field.discountAmount')}</dt>
        <dd>{formatMoney(-totals.discount)}</dd>
      </div>
      <div>
        <dt>{t('order.field.adjustAmount')}</dt>
        <dd>{formatMoney(totals.adjust)}</dd>
      </div>
      <div className="order-totals__pay">
        <dt>{t('order.create.pay')}</dt>
        <dd data-testid="order-pay" data-fen={totals.pay}>
          {formatMoney(totals.pay)}
        </dd>
      </div>
    </dl>
  );
};
