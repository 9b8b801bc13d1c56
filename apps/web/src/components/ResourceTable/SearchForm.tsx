import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterControlProps } from './FilterControls';
import { type FilterField, filtersOf, formValuesOf } from './listState';

/** Fields shown before "More filters" is opened. */
const COLLAPSED_COUNT = 3;

/** Tree select, date and number ranges: their own chunk (FilterControls.tsx), fetched when first shown. */
const FilterControl = lazy(() => import('./FilterControls'));
const loadFilterControls = () => void import('./FilterControls');

/**
 * A heavy control in the form: Form.Item hands it value and onChange; while its chunk loads, an
 * empty read-only input of the same size holds the place.
 */
const LazyControl = (props: FilterControlProps) => (
  <Suspense
    fallback={
      <Input readOnly id={props.id} placeholder={props.field.placeholder} aria-label={props.field.label} />
    }
  >
    <FilterControl {...props} />
  </Suspense>
);

const filterOption = (input: string, option?: { label?: ReactNode; search?: string }) => {
  const text = option?.search ?? (typeof option?.label === 'string' ? option.label : '');
  return text.toLowerCase().includes(input.trim().toLowerCase());
};

const control = (field: FilterField, t: (k: string) => string) => {
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
    case 'dateRange':
    case 'numberRange':
      return <LazyControl field={field} />;
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
  // Collapsed fields are not rendered until "More filters" is first opened (then they stay, hidden
  // when collapsed again, so what was picked in them is still submitted).
  const [opened, setOpened] = useState(false);
  const filtersKey = JSON.stringify(filters);

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
        {fields.map((field, index) =>
          visible(index) || hasHiddenValue || opened ? (
            <Form.Item
              key={field.name}
              name={field.name}
              label={field.label}
              hidden={!visible(index) && !hasHiddenValue}
              className="resource-table__field"
            >
              {control(field, t)}
            </Form.Item>
          ) : null,
        )}
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
                onPointerEnter={loadFilterControls}
                onFocus={loadFilterControls}
                onClick={() => {
                  setOpened(true);
                  setExpanded((v) => !v);
                }}
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
