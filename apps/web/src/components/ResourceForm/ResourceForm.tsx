import { Alert, App, Button, Drawer, Form, type FormItemProps, Space } from 'antd';
import { createContext, type ReactNode, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ResourceFormController, type UseResourceFormOptions, useResourceForm } from './useResourceForm';
import type { FieldRules } from './zodRules';
import './resourceForm.css';

const RulesContext = createContext<Record<string, FieldRules>>({});

/**
 * A form field whose rules come from the form's contract schema (plus any given here); the
 * asterisk shows when the schema needs a value.
 */
export const FormField = ({
  name,
  rules,
  required,
  ...props
}: FormItemProps & { name: FormItemProps['name'] }) => {
  const schemaRules = useContext(RulesContext)[typeof name === 'string' ? name : ''];
  return (
    <Form.Item
      name={name}
      required={required ?? schemaRules?.required}
      rules={[...(schemaRules?.rules ?? []), ...(rules ?? [])]}
      {...props}
    />
  );
};

/** The form's notices: a stale version with its reload action, a refusal, errors of unshown fields. */
const FormNotices = ({
  controller,
  canReload,
}: {
  controller: ResourceFormController<object>;
  canReload: boolean;
}) => {
  const { t } = useTranslation();
  const others = Object.entries(controller.otherFields);
  return (
    <>
      {controller.conflict ? (
        <Alert
          className="resource-form__notice"
          type="warning"
          showIcon
          role="alert"
          title={t('form.conflictTitle')}
          description={`${controller.conflict} ${t('form.conflictText')}`}
          action={
            canReload ? (
              <Button
                size="small"
                type="primary"
                loading={controller.reloading}
                onClick={() => void controller.reload()}
              >
                {t('form.reload')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {controller.error ? (
        <Alert
          className="resource-form__notice"
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
    </>
  );
};

interface BodyProps<Values extends object> {
  controller: ResourceFormController<Values>;
  initialValues?: Partial<Values>;
  canReload: boolean;
  children: ReactNode;
  disabled?: boolean;
  /** Accessible name of the form. */
  name: string;
  /** The antd form name (prefix of its field ids): the form's id, without spaces. */
  formId: string;
}

const FormBody = <Values extends object>({
  controller,
  initialValues,
  canReload,
  children,
  disabled,
  name,
  formId,
}: BodyProps<Values>) => (
  <RulesContext.Provider value={controller.rules}>
    <FormNotices controller={controller as unknown as ResourceFormController<object>} canReload={canReload} />
    <Form<Values>
      form={controller.form}
      layout="vertical"
      name={formId.replace(/[^\w-]/g, '_')}
      aria-label={name}
      initialValues={initialValues as Values}
      onFinish={(values) => void controller.finish(values)}
      onValuesChange={controller.valuesChanged}
      disabled={disabled || controller.reloading}
      scrollToFirstError
      requiredMark
    >
      {children}
    </Form>
  </RulesContext.Provider>
);

export interface ResourceFormProps<Values extends object, Result>
  extends UseResourceFormOptions<Values, Result> {
  initialValues?: Partial<Values>;
  /** Accessible name of the form (also the antd form name, so ids are unique on the page). */
  title: string;
  children: ReactNode;
  submitText?: string;
  disabled?: boolean;
}

/** A form on a page (profile): the fields, then its submit button. */
export const ResourceForm = <Values extends object, Result = unknown>({
  initialValues,
  title,
  children,
  submitText,
  disabled,
  ...options
}: ResourceFormProps<Values, Result>) => {
  const { t } = useTranslation();
  const controller = useResourceForm<Values, Result>(options);
  return (
    <div className="resource-form">
      <FormBody
        controller={controller}
        initialValues={initialValues}
        canReload={Boolean(options.onReload)}
        disabled={disabled}
        name={title}
        formId={options.id}
      >
        {children}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={controller.submitting} disabled={disabled}>
              {submitText ?? t('form.save')}
            </Button>
            <Button
              htmlType="button"
              disabled={!controller.dirty || controller.submitting}
              onClick={() => {
                controller.form.resetFields();
                controller.discard();
              }}
            >
              {t('form.reset')}
            </Button>
          </Space>
        </Form.Item>
      </FormBody>
    </div>
  );
};

export interface ResourceDrawerFormProps<Values extends object, Result>
  extends UseResourceFormOptions<Values, Result> {
  title: string;
  initialValues?: Partial<Values>;
  children: ReactNode;
  /** Called once the drawer has closed (after success or cancel): the page unmounts it. */
  onClosed: () => void;
  width?: number;
  submitText?: string;
  /** Read-only view (no save button). */
  readOnly?: boolean;
}

/**
 * A create/edit form in a drawer. Mount it when needed (the drawer opens on mount) and unmount it in
 * `onClosed`. Closing it with unsaved changes asks first; a successful save closes it.
 */
export const ResourceDrawerForm = <Values extends object, Result = unknown>({
  title,
  initialValues,
  children,
  onClosed,
  width = 560,
  submitText,
  readOnly,
  ...options
}: ResourceDrawerFormProps<Values, Result>) => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [open, setOpen] = useState(true);
  const controller = useResourceForm<Values, Result>({
    ...options,
    onSuccess: (result, values) => {
      options.onSuccess?.(result, values);
      setOpen(false);
    },
  });

  const requestClose = () => {
    if (!controller.dirty) {
      setOpen(false);
      return;
    }
    modal.confirm({
      title: t('form.discardTitle'),
      content: t('form.discardText'),
      okText: t('form.discard'),
      cancelText: t('form.keepEditing'),
      okButtonProps: { danger: true },
      onOk: () => {
        controller.discard();
        setOpen(false);
      },
    });
  };

  return (
    <Drawer
      open={open}
      title={title}
      size={width}
      onClose={requestClose}
      afterOpenChange={(visible) => {
        if (!visible) onClosed();
      }}
      destroyOnHidden
      footer={
        <div className="resource-form__footer">
          <Button onClick={requestClose}>{readOnly ? t('common.close') : t('form.cancel')}</Button>
          {readOnly ? null : (
            <Button type="primary" loading={controller.submitting} onClick={controller.submit}>
              {submitText ?? t('form.save')}
            </Button>
          )}
        </div>
      }
    >
      <FormBody
        controller={controller}
        initialValues={initialValues}
        canReload={Boolean(options.onReload)}
        disabled={readOnly}
        name={title}
        formId={options.id}
      >
        {children}
        {/* Enter in a text field submits the drawer's form too. */}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </FormBody>
    </Drawer>
  );
};
