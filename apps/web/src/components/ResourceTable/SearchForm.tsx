import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, TreeSelect } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangePresets, type FilterField, filtersOf, formValuesOf } from './listState';

/** Fields shown before "More filters" is opened. */
const COLLAPSED_COUNT = 3;

const NumberRange = ({
  value,
  onChange,
  label,
}: {
  value?: [number | null, number | null];
  onChange?: (value: [number | null, number | null]) => void;
  label: string;
}) => {
  const { t } = useTranslation();
  const [min = null, max = null] = value ?? [];
  return (
    <Space.Compact block>
      <InputNumber
        value={min}
        aria-label={`${label} ${t('table.min')}`}
        placeholder={t('table.min')}
        onChange={(v) => onChange?.([v, max])}
        style={{ width: '50%' }}
      />
      <InputNumber
        value={max}
        aria-label={`${label} ${t('table.max')}`}
        placeholder={t('table.max')}
        onChange={(v) => onChange?.([min, v])}
        style={{ width: '50%' }}
      />
    </Space.Compact>
  );
};

const filterOption = (input: string, option?: { label?: ReactNode; search?: string }) => {
  const text = option?.search ?? (typeof option?.label === 'string' ? option.label : '');
  return text.toLowerCase().includes(input.trim().toLowerCase());
};

const control = (
  field: FilterField,
  t: (k: string) => string,
  presets: ReturnType<typeof dateRangePresets>,
) => {
  const placeholder = field.placeholder;
  switch (field.type) {
    case 'text':
      return <Input allowClear placeholder={placeholder} aria-label={field.label} maxLength={200} />;
    case 'select':
      return (
        <Select
          allowClear
          showSearch={field.onSearch ? { filterOption: false, onSearch: field.onSearch } : { filterOption }}
          mode={field.multiple ? 'multiple' : undefined}
          placeholder={placeholder ?? t('table.any')}
          aria-label={field.label}
          loading={field.loading}
          options={field.options.map((o) => ({ value: o.value, label: o.label, search: o.search }))}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={placeholder ?? t('table.any')}
          aria-label={field.label}
          loading={field.loading}
          treeData={field.treeData as never}
        />
      );
    case 'dateRange':
      return (
        <DatePicker.RangePicker
          allowEmpty={[true, true]}
          presets={presets.map((p) => ({ label: t(`dateRange.${p.key}`), value: p.value }))}
          aria-label={field.label}
          style={{ width: '100%' }}
        />
      );
    case 'numberRange':
      return <NumberRange label={field.label} />;
  }
};

/**
 * The list's search form: one control per declared field, Search and Reset. Its values follow the
 * URL (the list state); submitting writes them back to the URL.
 */
export const SearchForm = ({
  fields,
  filters,
  onSearch,
}: {
  fields: readonly FilterField[];
  filters: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const filtersKey = JSON.stringify(filters);
  const presets = useMemo(() => dateRangePresets(), []);

  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;

  // The URL is the source of truth: a link, Back or a tab click changes the form too. (Only the
  // URL: options that load later must not wipe what the user is typing.)
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(JSON.parse(filtersKey) as Record<string, string>, fieldsRef.current));
  }, [filtersKey, form]);

  const collapsible = fields.length > COLLAPSED_COUNT;
  const visible = (index: number) => !collapsible || expanded || index < COLLAPSED_COUNT;
  // A filter that is set stays in view even when collapsed.
  const hasHiddenValue = fields.some(
    (f, i) => !visible(i) && Object.keys(filtersOf(formValuesOf(filters, [f]), [f])).length > 0,
  );

  return (
    <Form
      form={form}
      className="resource-table__search"
      layout="vertical"
      role="search"
      aria-label={t('table.searchForm')}
      onFinish={(values: Record<string, unknown>) => onSearch(filtersOf(values, fields))}
    >
      <div className="resource-table__fields">
        {fields.map((field, index) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            hidden={!visible(index) && !hasHiddenValue}
            className="resource-table__field"
          >
            {control(field, t, presets)}
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false} className="resource-table__search-buttons">
          <Space wrap>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('table.search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                form.resetFields();
                form.setFieldsValue(formValuesOf({}, fields));
                onSearch({});
              }}
            >
              {t('table.reset')}
            </Button>
            {collapsible ? (
              <Button
                type="link"
                aria-expanded={expanded}
                icon={expanded ? <UpOutlined /> : <DownOutlined />}
                onClick={() => setExpanded((v) => !v)}
              >
                {expanded ? t('table.lessFilters') : t('table.moreFilters')}
              </Button>
            ) : null}
          </Space>
        </Form.Item>
      </div>
    </Form>
  );
};
