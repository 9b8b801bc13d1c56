import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { SkuRow } from '@educrm/contract/products';
import { SPEC_TYPES } from '@educrm/contract/products';
import { Alert, App, Form, Radio } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLeaf } from '../../shared/categoryTree';
import { useCategories } from '../../shared/queries';
import { type ProductFormValues, replacedSkus } from '../formValues';
import { type SpecChange, SpecEditor } from '../SpecEditor';
import {
  buildSkuMatrix,
  cleanSpecs,
  combinationCount,
  type FormSku,
  MAX_SKUS,
  renameSpec,
  renameSpecValue,
  type SpecDef,
} from '../specMatrix';
import { SingleSku, SkuMatrix } from './SkuMatrix';

/** What going on sale needs (DOMAIN 5.2), as the form holds it now; the server decides. */
const SellableChecklist = () => {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ProductFormValues>();
  const { rows } = useCategories();
  const cover = Form.useWatch('coverUrl', form);
  const categoryId = Form.useWatch('categoryId', form);
  const skus = (Form.useWatch('skus', { form, preserve: true }) as FormSku[] | undefined) ?? [];
  const specType = Form.useWatch('specType', { form, preserve: true });
  const active = specType === 'SINGLE' ? skus.slice(0, 1) : skus;
  const checks = [
    { key: 'needCover', ok: Boolean(cover) },
    { key: 'needLeaf', ok: typeof categoryId === 'number' && isLeaf(rows, categoryId) },
    {
      key: 'needSku',
      ok: active.some((k) => k?.status === 'ENABLED' && typeof k.price === 'number' && k.price > 0),
    },
  ];
  return (
    <Alert
      className="product-form__notice"
      type={checks.every((c) => c.ok) ? 'success' : 'info'}
      showIcon={false}
      title={t('product.form.sellableTitle')}
      description={
        <ul className="product-checklist" data-testid="sellable-checklist">
          {checks.map((c) => (
            <li key={c.key} data-ok={c.ok}>
              {c.ok ? (
                <CheckCircleFilled className="product-checklist__ok" aria-label={t('product.form.met')} />
              ) : (
                <ExclamationCircleFilled
                  className="product-checklist__no"
                  aria-label={t('product.form.notMet')}
                />
              )}
              {t(`product.form.${c.key}`)}
            </li>
          ))}
        </ul>
      }
    />
  );
};

/** SKUs with orders that this edit disables (and keeps for their orders) instead of changing. */
const ReplacedNotice = ({ stored }: { stored: readonly SkuRow[] }) => {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ProductFormValues>();
  const skus = (Form.useWatch('skus', { form, preserve: true }) as FormSku[] | undefined) ?? [];
  const specType = Form.useWatch('specType', { form, preserve: true }) ?? 'SINGLE';
  const replaced = replacedSkus(stored, skus, specType);
  if (!replaced.length) return null;
  const describe = (r: (typeof replaced)[number]) => {
    const code = stored.find((k) => k.id === r.id)?.skuCode ?? `#${r.id}`;
    const specs = r.properties.map((p) => `${p.name}: ${p.value}`).join(', ') || t('product.sku.singleSpec');
    return `${code} (${specs})`;
  };
  return (
    <Alert
      className="product-form__notice"
      type="warning"
      showIcon
      data-testid="replaced-notice"
      title={t('product.spec.replacedTitle')}
      description={
        <>
          <p style={{ margin: '0 0 4px' }}>{t('product.spec.replacedText')}</p>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {replaced.map((r) => (
              <li key={r.id}>
                {describe(r)} — {t(`product.spec.change_${r.change}`)}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
};

/**
 * Step 2 (规格与价格): single spec (one SKU) or multi spec (names and values -> the SKU matrix).
 * Changing specs rebuilds the matrix and keeps what rows already had (specMatrix.ts).
 */
export const SpecsStep = ({
  stored,
  newCode,
  onChanged,
}: {
  /** The stored SKUs when editing (which have orders). */
  stored: readonly SkuRow[];
  newCode: () => string;
  /** The form's values changed outside an input (unsaved-changes mark). */
  onChanged: () => void;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance<ProductFormValues>();
  const specType = Form.useWatch('specType', { form, preserve: true }) ?? 'SINGLE';
  const specs = (Form.useWatch('specs', { form, preserve: true }) as SpecDef[] | undefined) ?? [];
  const storedById = new Map(stored.map((k) => [k.id, k]));
  // The single-spec row, to pass its values on when the matrix starts empty.
  const single = useRef<FormSku | null>(null);

  const skusNow = () => (form.getFieldValue('skus') as FormSku[] | undefined) ?? [];

  const applySpecs = (next: SpecDef[], change: SpecChange): boolean => {
    if (combinationCount(next) > MAX_SKUS) {
      void message.error(t('product.spec.tooMany', { max: MAX_SKUS }));
      return false;
    }
    let rows = skusNow();
    if (change.kind === 'renameSpec') rows = renameSpec(rows, change.from, change.to);
    if (change.kind === 'renameValue') rows = renameSpecValue(rows, change.spec, change.from, change.to);
    const existing = rows.length ? rows : single.current ? [single.current] : [];
    form.setFieldsValue({ specs: next, skus: buildSkuMatrix(next, existing, newCode) });
    onChanged();
    return true;
  };

  const switchType = (next: ProductFormValues['specType']) => {
    const rows = skusNow();
    if (next === 'SINGLE') {
      // Keep one row (an enabled one first) without properties; the specs stay for switching back.
      const keep = rows.find((k) => k.status === 'ENABLED') ?? rows[0] ?? single.current;
      const row: FormSku = keep
        ? { ...keep, properties: [] }
        : {
            properties: [],
            skuCode: newCode(),
            price: null,
            marketPrice: null,
            costPrice: null,
            stock: 0,
            status: 'ENABLED',
          };
      single.current = row;
      form.setFieldsValue({ specType: next, skus: [row] });
    } else {
      single.current = rows[0] ?? single.current;
      const existing = single.current ? [single.current] : [];
      form.setFieldsValue({ specType: next, skus: buildSkuMatrix(specs, existing, newCode) });
    }
    onChanged();
  };

  const names = cleanSpecs(specs).map((s) => s.name);

  return (
    <>
      <Form.Item label={t('product.form.specType')} required>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          value={specType}
          aria-label={t('product.form.specType')}
          onChange={(e) => switchType(e.target.value)}
          options={SPEC_TYPES.map((v) => ({ value: v, label: t(`product.specType.${v}`) }))}
        />
      </Form.Item>
      <ReplacedNotice stored={stored} />
      {specType === 'SINGLE' ? (
        <SingleSku />
      ) : (
        <>
          <Form.Item label={t('product.spec.title')} extra={t('product.spec.hint', { max: MAX_SKUS })}>
            <SpecEditor specs={specs} onChange={applySpecs} />
          </Form.Item>
          <Form.Item label={t('product.spec.matrix')}>
            <SkuMatrix specNames={names} stored={storedById} onChanged={onChanged} />
          </Form.Item>
        </>
      )}
      <SellableChecklist />
    </>
  );
};
