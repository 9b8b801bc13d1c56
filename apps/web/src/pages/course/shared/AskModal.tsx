import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, type FormInstance, Input, InputNumber, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { classOptions, courseKeys } from '../../../api/courses';
import './course.css';
import { isApiError } from '../../../api/errors';
import type { SelectOption } from '../../../components/ResourceTable/listState';

export type AskField =
  | { name: string; label: string; type: 'text' | 'textarea' | 'number'; required?: boolean; hint?: string }
  | {
      name: string;
      label: string;
      type: 'date' | 'datetime';
      required?: boolean;
      hint?: string;
      /** Where the calendar opens (e.g. above, so it does not cover the field below). */
      placement?: 'bottomLeft' | 'topLeft';
    }
  | { name: string; label: string; type: 'class'; required?: boolean; spuId?: number | null; hint?: string }
  | {
      name: string;
      label: string;
      type: 'select';
      required?: boolean;
      hint?: string;
      options: readonly SelectOption[];
      multiple?: boolean;
      loading?: boolean;
      /** Server-side search: called with the typed text. */
      onSearch?: (text: string) => void;
    };

/** The class picker: live classes by name or code (course/classes/options). */
export const ClassSelect = ({
  value,
  onChange,
  spuId,
  id,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  spuId?: number | null;
  id?: string;
}) => {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const q = useQuery({
    queryKey: [...courseKeys.classOptions, keyword, spuId ?? null],
    queryFn: () => classOptions(keyword, spuId ?? undefined),
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      value={value}
      onChange={onChange}
      loading={q.isFetching}
      placeholder={t('course.student.chooseClass')}
      options={(q.data?.items ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.code}` }))}
      style={{ minWidth: 240 }}
    />
  );
};

/**
 * A small dialog asking for a few values, then running the action; the server's refusal is shown
 * in the dialog (field messages beside their fields).
 */
export const AskModal = ({
  open,
  title,
  fields,
  onSubmit,
  onClose,
  initial,
  wide = false,
  onValuesChange,
}: {
  open: boolean;
  title: string;
  /** Many fields: a wider dialog with two fields a row (text areas take the whole row). */
  wide?: boolean;
  fields: AskField[];
  /** Starting values (dates as dayjs). */
  initial?: Record<string, unknown>;
  onSubmit: (values: Record<string, unknown>) => Promise<unknown>;
  onClose: () => void;
  /** A field changed (by the user): lets the caller fill in others (a lesson's end from its start). */
  onValuesChange?: (changed: Record<string, unknown>, form: FormInstance) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const raw = await form.validateFields();
    const values: Record<string, unknown> = {};
    for (const f of fields) {
      const v = raw[f.name];
      values[f.name] =
        f.type === 'date' || f.type === 'datetime' ? (v ? (v as Dayjs).toISOString() : null) : (v ?? null);
    }
    setBusy(true);
    setError(null);
    try {
      await onSubmit(values);
      form.resetFields();
      onClose();
    } catch (e) {
      if (!isApiError(e)) throw e;
      setError(e.message);
      form.setFields(Object.entries(e.fields).map(([name, msg]) => ({ name, errors: [String(msg)] })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      okText={t('course.ok')}
      width={wide ? 760 : undefined}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onValuesChange={onValuesChange ? (changed) => onValuesChange(changed, form) : undefined}
        className={wide ? 'ask-modal-form--wide' : undefined}
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.hint}
            className={f.type === 'textarea' ? 'ask-modal-form__full' : undefined}
            rules={f.required ? [{ required: true, message: t('course.required') }] : []}
          >
            {f.type === 'textarea' ? (
              <Input.TextArea rows={6} />
            ) : f.type === 'number' ? (
              <InputNumber min={0} style={{ width: '100%' }} />
            ) : f.type === 'date' ? (
              <DatePicker style={{ width: '100%' }} />
            ) : f.type === 'datetime' ? (
              // Minutes, typed or picked ("2026-12-10 19:00"); no confirm step, so typing then leaving keeps it.
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                needConfirm={false}
                placement={f.placement}
                style={{ width: '100%' }}
              />
            ) : f.type === 'class' ? (
              <ClassSelect spuId={f.spuId} />
            ) : f.type === 'select' ? (
              <Select
                allowClear
                placeholder={t('course.choose')}
                mode={f.multiple ? 'multiple' : undefined}
                loading={f.loading}
                showSearch={
                  f.onSearch
                    ? { filterOption: false, onSearch: f.onSearch }
                    : {
                        filterOption: (input, o) =>
                          String((o as SelectOption | undefined)?.search ?? o?.label ?? '')
                            .toLowerCase()
                            .includes(input.toLowerCase()),
                      }
                }
                options={f.options.map((o) => ({ value: o.value, label: o.label, search: o.search }))}
              />
            ) : (
              <Input />
            )}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
