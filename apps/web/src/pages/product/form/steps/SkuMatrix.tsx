import type { SkuRow } from '@educrm/contract/products';
import { Button, Form, Input, InputNumber, Switch, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_YUAN } from '../../shared/money';
import { moneyRules, skuCodeRules } from '../rules';
import { StockInput } from '../StockInput';
import { type FormSku, fillAll } from '../specMatrix';

type Money = 'price' | 'marketPrice' | 'costPrice';
const MONEY: Money[] = ['price', 'marketPrice', 'costPrice'];

const moneyInput = (label: string) => (
  <InputNumber min={0} max={MAX_YUAN} precision={2} prefix="¥" aria-label={label} style={{ width: 130 }} />
);

const statusProps = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 'ENABLED' }),
  normalize: (checked: boolean) => (checked ? 'ENABLED' : 'DISABLED'),
} as const;

/** "Set all": one price, market price, cost price or stock for every row. */
const BatchFill = ({ onApply }: { onApply: (patch: Partial<FormSku>) => void }) => {
  const { t } = useTranslation();
  const [patch, setPatch] = useState<Partial<Record<Money, number | null>> & { stock?: number | null }>({});
  const [stockSet, setStockSet] = useState(false);
  const given = Object.fromEntries(
    Object.entries(patch).filter(([k, v]) => (k === 'stock' ? stockSet : v !== null && v !== undefined)),
  );
  return (
    <div className="product-batch" data-testid="sku-batch">
      <span className="product-muted">{t('product.spec.batch')}</span>
      {MONEY.map((k) => (
        <InputNumber
          key={k}
          min={0}
          max={MAX_YUAN}
          precision={2}
          prefix="¥"
          placeholder={t(`product.sku.${k}`)}
          aria-label={`${t('product.spec.batch')} ${t(`product.sku.${k}`)}`}
          value={patch[k] ?? null}
          onChange={(v) => setPatch((p) => ({ ...p, [k]: typeof v === 'number' ? v : null }))}
          style={{ width: 130 }}
        />
      ))}
      <StockInput
        label={`${t('product.spec.batch')} ${t('product.sku.stock')}`}
        value={stockSet ? (patch.stock ?? null) : undefined}
        onChange={(v) => {
          setStockSet(true);
          setPatch((p) => ({ ...p, stock: v }));
        }}
      />
      <Button disabled={!Object.keys(given).length} onClick={() => onApply(given)}>
        {t('product.spec.applyAll')}
      </Button>
    </div>
  );
};

/** The multi-spec SKU rows: one per combination, with price (yuan), stock, code and enabled. */
export const SkuMatrix = ({
  specNames,
  stored,
  onChanged,
}: {
  specNames: string[];
  stored: ReadonlyMap<number, SkuRow>;
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const codes = () =>
    ((form.getFieldValue('skus') as FormSku[] | undefined) ?? []).map((k) => k.skuCode ?? '');
  const rowLabel = (name: number) => {
    const props =
      (form.getFieldValue(['skus', name, 'properties']) as FormSku['properties'] | undefined) ?? [];
    return props.map((p) => p.value).join(' / ');
  };

  return (
    <>
      <BatchFill
        onApply={(patch) => {
          form.setFieldsValue({ skus: fillAll(form.getFieldValue('skus') as FormSku[], patch) });
          onChanged();
        }}
      />
      <Form.List
        name="skus"
        rules={[
          {
            validator: async (_rule, rows: FormSku[] | undefined) => {
              if (!rows?.length) throw new Error(t('product.spec.needOne'));
            },
          },
        ]}
      >
        {(fields, _operations, { errors }) => {
          const columns: TableColumnType<(typeof fields)[number]>[] = [
            ...specNames.map((name) => ({
              key: `spec-${name}`,
              title: name,
              render: (_: unknown, f: (typeof fields)[number]) => {
                const props = form.getFieldValue(['skus', f.name, 'properties']) as FormSku['properties'];
                const id = form.getFieldValue(['skus', f.name, 'id']) as number | undefined;
                const value = props?.find((p) => p.name === name)?.value ?? '';
                return name === specNames[0] && id !== undefined && stored.get(id)?.hasOrders ? (
                  <span>
                    {value}{' '}
                    <Tooltip title={t('product.spec.hasOrdersHint')}>
                      <Tag color="orange">{t('product.spec.hasOrders')}</Tag>
                    </Tooltip>
                  </span>
                ) : (
                  value
                );
              },
            })),
            ...MONEY.map((k) => ({
              key: k,
              title: (
                <span className={k === 'price' ? 'product-required' : undefined}>
                  {t(`product.sku.${k}Yuan`)}
                </span>
              ),
              render: (_: unknown, f: (typeof fields)[number]) => (
                <Form.Item name={[f.name, k]} rules={moneyRules(t, k === 'price')}>
                  {moneyInput(`${t(`product.sku.${k}`)} ${rowLabel(f.name)}`)}
                </Form.Item>
              ),
            })),
            {
              key: 'stock',
              title: t('product.sku.stock'),
              render: (_, f) => (
                <Form.Item name={[f.name, 'stock']}>
                  <StockInput label={`${t('product.sku.stock')} ${rowLabel(f.name)}`} />
                </Form.Item>
              ),
            },
            {
              key: 'skuCode',
              title: <span className="product-required">{t('product.sku.skuCode')}</span>,
              render: (_, f) => (
                <Form.Item name={[f.name, 'skuCode']} rules={skuCodeRules(t, codes)}>
                  <Input
                    maxLength={40}
                    aria-label={`${t('product.sku.skuCode')} ${rowLabel(f.name)}`}
                    style={{ width: 170 }}
                  />
                </Form.Item>
              ),
            },
            {
              key: 'status',
              title: t('product.sku.enabled'),
              render: (_, f) => (
                <Form.Item name={[f.name, 'status']} {...statusProps}>
                  <Switch size="small" aria-label={`${t('product.sku.enabled')} ${rowLabel(f.name)}`} />
                </Form.Item>
              ),
            },
          ];
          return (
            <>
              <Table
                className="product-matrix"
                data-testid="sku-matrix"
                size="small"
                rowKey="key"
                pagination={false}
                scroll={{ x: 'max-content' }}
                dataSource={fields}
                columns={columns}
                locale={{ emptyText: t('product.spec.matrixEmpty') }}
              />
              <Form.ErrorList errors={errors} />
            </>
          );
        }}
      </Form.List>
    </>
  );
};

/** The one SKU of a single-spec product. */
export const SingleSku = () => {
  const { t } = useTranslation();
  return (
    <div className="product-form__grid" data-testid="single-sku">
      {MONEY.map((k) => (
        <Form.Item
          key={k}
          name={['skus', 0, k]}
          label={t(`product.sku.${k}Yuan`)}
          required={k === 'price'}
          rules={moneyRules(t, k === 'price')}
        >
          <InputNumber min={0} max={MAX_YUAN} precision={2} prefix="¥" style={{ width: 200 }} />
        </Form.Item>
      ))}
      <Form.Item
        name={['skus', 0, 'stock']}
        label={t('product.sku.stock')}
        extra={t('product.sku.stockHint')}
      >
        <StockInput label={t('product.sku.stock')} />
      </Form.Item>
      <Form.Item
        name={['skus', 0, 'skuCode']}
        label={t('product.sku.skuCode')}
        required
        rules={skuCodeRules(t, () => [])}
        extra={t('product.form.skuCodeRule')}
      >
        <Input maxLength={40} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name={['skus', 0, 'status']} label={t('product.sku.enabled')} {...statusProps}>
        <Switch />
      </Form.Item>
    </div>
  );
};
