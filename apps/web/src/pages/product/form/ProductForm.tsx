import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { type ProductDetail, productInput } from '@educrm/contract/products';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, type FormInstance, Space, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createProduct, getProduct, productKeys, updateProduct } from '../../../api/products';
import { useResourceForm } from '../../../components/ResourceForm/useResourceForm';
import { useCan } from '../../../session/useCan';
import { useDirtyStore } from '../../../stores/dirty';
import { useTagsViewStore } from '../../../stores/tagsView';
import { ProductStatusTag } from '../shared/ProductStatusTag';
import { type FormStep, sellableIssueOf } from '../shared/serverMessages';
import { usePutOnSale } from '../shared/usePutOnSale';
import '../shared/product.css';
import { listPathOf } from '../list/listParams';
import { RulesContext } from './Field';
import {
  detailToInput,
  emptyFormValues,
  formValuesToInput,
  inputToFormValues,
  type ProductFormValues,
} from './formValues';
import { codePrefix } from './specMatrix';
import { fieldsOfStep, STEPS, stepOfField, stepsWithErrors } from './steps';
import { BasicsStep } from './steps/BasicsStep';
import { ChannelsStep } from './steps/ChannelsStep';
import { DeliveryStep } from './steps/DeliveryStep';
import { DetailStep } from './steps/DetailStep';
import { SpecsStep } from './steps/SpecsStep';

export type ProductFormMode = 'add' | 'edit' | 'copy';

export interface ProductFormProps {
  mode: ProductFormMode;
  /** Edit: the stored product (version, status, SKUs that have orders). */
  product?: ProductDetail;
  /** Edit and copy: the starting values (add starts empty). */
  initialValues?: ProductFormValues;
  /** Copy: the name of the product being copied. */
  sourceName?: string;
  /** Why the last "save and put on sale" saved but did not put it on sale (shown at its step). */
  issue?: string | null;
}

/**
 * Add, edit and copy of a product as one stepped form (基础信息 → 规格与价格 → 详情 → 交付设置 →
 * 渠道设置). All steps stay mounted (hidden), so the whole form validates on save and a failing
 * field brings its step forward. Saving creates a draft (add, copy) or updates (edit, with its
 * version); "save and put on sale" then asks the server to put it on sale, and a refusal (no cover,
 * no leaf category, no priced SKU) is shown at the step it is about.
 */
export const ProductForm = ({
  mode,
  product,
  initialValues,
  sourceName,
  issue: initialIssue,
}: ProductFormProps) => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [errorSteps, setErrorSteps] = useState<ReadonlySet<FormStep>>(new Set());
  const [stored, setStored] = useState(product?.skus ?? []);
  const [issue, setIssue] = useState<string | null>(initialIssue ?? null);
  const intent = useRef<'save' | 'onSale'>('save');
  const putOnSale = usePutOnSale();

  // New SKU codes: a prefix of this form session plus a counter (never reused within the session).
  const prefix = useMemo(() => codePrefix(), []);
  const counter = useRef(0);
  const newCode = () => {
    counter.current += 1;
    return `${prefix}-${String(counter.current).padStart(2, '0')}`;
  };
  const [initial] = useState<ProductFormValues>(() => initialValues ?? emptyFormValues(newCode()));

  /** Leaves the form for another page and closes its tab (nothing unsaved is left behind). */
  const leave = (to: string, state?: unknown) => {
    useDirtyStore.getState().clear([pathname]);
    navigate(to, { state });
    if (to !== pathname) useTagsViewStore.getState().close(pathname);
  };

  const showIssue = (reason: string, form: FormInstance<ProductFormValues>) => {
    setIssue(reason);
    const where = sellableIssueOf(reason);
    setStep(STEPS.indexOf(where?.step ?? 'basics'));
    if (where?.field) form.setFields([{ name: where.field, errors: [reason] }]);
    // The notice at the top says what happened; the field below says what to fix.
    setTimeout(
      () => document.querySelector('[data-testid="on-sale-issue"]')?.scrollIntoView({ block: 'nearest' }),
      50,
    );
  };

  const afterSave = async (saved: ProductDetail) => {
    await queryClient.invalidateQueries({ queryKey: productKeys.all });
    if (intent.current === 'onSale' && saved.status !== 'ON') {
      try {
        if (!(await putOnSale(saved))) throw new Error(t('product.form.onSaleDeclined'));
      } catch (error) {
        const reason = error instanceof Error ? error.message : t('http.error');
        void message.warning(t('product.form.savedNotOnSale', { name: saved.name }));
        if (mode === 'edit') {
          // Stay: the form takes the saved product (and its new version), then shows why.
          await controller.reload();
          showIssue(reason, controller.form);
        } else {
          leave(`/product/edit/${saved.id}`, { issue: reason });
        }
        return;
      }
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
      void message.success(t('product.form.onSaleDone', { name: saved.name }));
    } else {
      void message.success(
        t(mode === 'edit' ? 'product.form.saved' : 'product.form.created', { name: saved.name }),
      );
    }
    leave(listPathOf(intent.current === 'onSale' ? 'ON' : saved.status));
  };

  const controller = useResourceForm<ProductFormValues, ProductDetail>({
    id: `product-${mode}`,
    schema: productInput,
    version: product?.version,
    successMessage: false,
    onSubmit: (values) => {
      const body = formValuesToInput(values);
      const { version } = values as ProductFormValues & { version?: number };
      return mode === 'edit' && product && version !== undefined
        ? updateProduct(product.id, { ...body, version })
        : createProduct(body);
    },
    onSuccess: (saved) => void afterSave(saved),
    onReload:
      mode === 'edit' && product
        ? async () => {
            const fresh = await getProduct(product.id);
            setStored(fresh.skus);
            return { values: inputToFormValues(detailToInput(fresh)), version: fresh.version };
          }
        : undefined,
  });
  const { form } = controller;

  // Show the first step that holds an error, and the field itself.
  const revealErrors = () => {
    const fields = form.getFieldsError();
    const steps = stepsWithErrors(fields);
    setErrorSteps(steps);
    const current = STEPS[step];
    if (!steps.size || (current && steps.has(current))) return;
    const first = STEPS.findIndex((s) => steps.has(s));
    setStep(first);
    const field = fields.find((f) => f.errors.length && STEPS.indexOf(stepOfField(f.name)) === first);
    if (field) setTimeout(() => form.scrollToField(field.name, { block: 'center' }), 50);
  };

  // A refusal of the save itself (editing a product on sale re-checks the on-sale rules).
  useEffect(() => {
    const where = sellableIssueOf(controller.error);
    if (!where || !controller.error) return;
    setStep(STEPS.indexOf(where.step));
    if (where.field) form.setFields([{ name: where.field, errors: [controller.error] }]);
  }, [controller.error, form]);

  // The refusal carried over from the save that created this product (add/copy -> edit).
  const shownInitial = useRef(false);
  useEffect(() => {
    if (shownInitial.current || !initialIssue) return;
    shownInitial.current = true;
    showIssue(initialIssue, form);
  });

  /** To another step; forward only once the current step's fields are valid (errors show beside them). */
  const goTo = async (target: number) => {
    const current = STEPS[step];
    if (target > step && current) {
      const ok = await form
        .validateFields(fieldsOfStep(current, form.getFieldsError()))
        .then(() => true)
        .catch(() => false);
      setErrorSteps(stepsWithErrors(form.getFieldsError()));
      if (!ok) return;
    }
    setStep(target);
  };

  const submit = (which: 'save' | 'onSale') => {
    intent.current = which;
    form.submit();
  };

  const cancel = () => {
    if (!controller.dirty) {
      leave('/product/list');
      return;
    }
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardPageText'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true },
      onOk: () => {
        controller.discard();
        leave('/product/list');
      },
    });
  };

  const name = Form.useWatch('name', form) as string | undefined;
  const title =
    mode === 'add'
      ? t('route.productAdd')
      : mode === 'copy'
        ? t('product.form.copyTitle', { name: sourceName ?? '' })
        : t('product.form.editTitle', { name: name || product?.name || '' });
  const canOnSale = can('product.status') && !(mode === 'edit' && product?.status === 'ON');
  const others = Object.entries(controller.otherFields);

  return (
    <div className="product-page" data-testid={`product-form-${mode}`}>
      <div className="product-panel">
        <div className="product-form__head">
          <Space wrap>
            <h1 className="product-form__title">{title}</h1>
            {product ? <ProductStatusTag value={product.status} /> : null}
          </Space>
        </div>
        {mode === 'copy' ? (
          <Alert
            className="product-form__notice"
            type="info"
            showIcon
            title={t('product.form.copyNotice', { name: sourceName ?? '' })}
          />
        ) : null}
        {mode === 'edit' && product?.status === 'ON' ? (
          <Alert
            className="product-form__notice"
            type="info"
            showIcon
            title={t('product.form.onSaleNotice')}
          />
        ) : null}
        {issue ? (
          <Alert
            className="product-form__notice"
            type="warning"
            showIcon
            role="alert"
            data-testid="on-sale-issue"
            title={t('product.form.notOnSaleTitle')}
            description={issue}
            closable={{ onClose: () => setIssue(null) }}
          />
        ) : null}
        {controller.conflict ? (
          <Alert
            className="product-form__notice"
            type="warning"
            showIcon
            role="alert"
            title={t('form.conflictTitle')}
            description={`${controller.conflict} ${t('form.conflictText')}`}
            action={
              <Button
                size="small"
                type="primary"
                loading={controller.reloading}
                onClick={() => void controller.reload()}
              >
                {t('form.reload')}
              </Button>
            }
          />
        ) : null}
        {controller.error ? (
          <Alert
            className="product-form__notice"
            type="error"
            showIcon
            role="alert"
            title={controller.error}
            description={
              others.length ? (
                <ul className="resource-form__other-fields">
                  {others.map(([path, msg]) => (
                    <li key={path}>
                      <code>{path}</code>: {msg}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        ) : null}
        <Steps
          className="product-form__steps"
          current={step}
          onChange={(to) => void goTo(to)}
          items={STEPS.map((s) => ({
            key: s,
            title: t(`product.form.step_${s}`),
            status: errorSteps.has(s) ? 'error' : undefined,
          }))}
        />
        <RulesContext.Provider value={controller.rules}>
          <Form<ProductFormValues>
            form={form}
            layout="vertical"
            name={`product_${mode}`}
            aria-label={title}
            initialValues={initial}
            disabled={controller.reloading}
            onValuesChange={controller.valuesChanged}
            onFinish={async () => {
              await controller.finish(form.getFieldsValue(true) as ProductFormValues);
              revealErrors();
            }}
            onFinishFailed={revealErrors}
            onFieldsChange={() => {
              if (errorSteps.size) setErrorSteps(stepsWithErrors(form.getFieldsError()));
            }}
            className="product-form__body"
          >
            {STEPS.map((s, i) => (
              <section
                key={s}
                // Hidden steps stay rendered (not display:none) so that their error messages animate in.
                className={
                  i === step ? 'product-form__step' : 'product-form__step product-form__step--hidden'
                }
                aria-hidden={i !== step}
                aria-label={t(`product.form.step_${s}`)}
                data-step={s}
              >
                {s === 'basics' ? <BasicsStep /> : null}
                {s === 'specs' ? (
                  <SpecsStep stored={stored} newCode={newCode} onChanged={controller.valuesChanged} />
                ) : null}
                {s === 'details' ? <DetailStep /> : null}
                {s === 'delivery' ? <DeliveryStep /> : null}
                {s === 'channels' ? <ChannelsStep /> : null}
              </section>
            ))}
          </Form>
        </RulesContext.Provider>
        <div className="product-form__footer">
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t('product.form.prev')}
            </Button>
            {step < STEPS.length - 1 ? (
              <Button onClick={() => void goTo(step + 1)} data-testid="product-form-next">
                {t('product.form.next')} <ArrowRightOutlined />
              </Button>
            ) : null}
          </Space>
          <Space wrap>
            <Button onClick={cancel}>{t('form.cancel')}</Button>
            <Button
              type={canOnSale ? 'default' : 'primary'}
              loading={controller.submitting && intent.current === 'save'}
              disabled={controller.submitting || controller.reloading}
              onClick={() => submit('save')}
            >
              {mode === 'edit' ? t('form.save') : t('product.form.saveDraft')}
            </Button>
            {canOnSale ? (
              <Button
                type="primary"
                loading={controller.submitting && intent.current === 'onSale'}
                disabled={controller.submitting || controller.reloading}
                onClick={() => submit('onSale')}
              >
                {t('product.form.saveOnSale')}
              </Button>
            ) : null}
          </Space>
        </div>
      </div>
    </div>
  );
};
