import { type CategoryRow, categoryCreate, categoryUpdate } from '@educrm/contract/products';
import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { createCategory, listCategories, updateCategory } from '../../../api/products';
import { FormField, ResourceDrawerForm } from '../../../components/ResourceForm/ResourceForm';

export type CategoryEditing =
  | { mode: 'create'; parentId: number | null }
  | { mode: 'edit'; category: CategoryRow };

const STATUSES = ['ENABLED', 'DISABLED'] as const;

/** Add a category (root or child of a root) or rename / re-sort / enable or disable one. */
export const CategoryFormDrawer = ({
  editing,
  rows,
  onClosed,
  onSaved,
}: {
  editing: CategoryEditing;
  rows: readonly CategoryRow[];
  onClosed: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const statusField = (
    <FormField name="status" label={t('product.category.status')}>
      <Radio.Group
        optionType="button"
        options={STATUSES.map((s) => ({ value: s, label: t(`enum.status.${s}`) }))}
      />
    </FormField>
  );
  const sortField = (
    <FormField name="sort" label={t('product.category.sort')} extra={t('product.category.sortHint')}>
      <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} />
    </FormField>
  );
  const nameField = (
    <FormField name="name" label={t('product.category.name')}>
      <Input maxLength={32} showCount autoComplete="off" />
    </FormField>
  );

  if (editing.mode === 'create') {
    // Two levels: a child goes under a root, and a root that holds products takes no children.
    const parents = rows.filter((r) => r.parentId === null);
    const parentName = rows.find((r) => r.id === editing.parentId)?.name;
    return (
      <ResourceDrawerForm<Record<string, unknown>>
        id="product-category-create"
        title={
          parentName
            ? t('product.category.createChildTitle', { name: parentName })
            : t('product.category.createTitle')
        }
        width={480}
        schema={categoryCreate}
        initialValues={{ parentId: editing.parentId, status: 'ENABLED', sort: 0 }}
        onClosed={onClosed}
        onSubmit={(values) => createCategory({ icon: '', ...(values as { name: string; parentId: null }) })}
        successMessage={t('product.category.created')}
        onSuccess={onSaved}
      >
        <FormField
          name="parentId"
          label={t('product.category.parent')}
          extra={t('product.category.parentHint')}
        >
          <Select
            allowClear
            placeholder={t('product.category.topLevel')}
            options={parents.map((p) => ({
              value: p.id,
              label: p.productCount > 0 ? `${p.name} (${t('product.category.holdsProducts')})` : p.name,
              disabled: p.productCount > 0,
            }))}
          />
        </FormField>
        {nameField}
        {sortField}
        {statusField}
      </ResourceDrawerForm>
    );
  }

  const { category } = editing;
  return (
    <ResourceDrawerForm<Record<string, unknown>>
      id={`product-category-edit-${category.id}`}
      title={t('product.category.editTitle', { name: category.name })}
      width={480}
      schema={categoryUpdate}
      version={category.version}
      initialValues={{ name: category.name, sort: category.sort, status: category.status }}
      onClosed={onClosed}
      onSubmit={(values) =>
        updateCategory(category.id, { icon: category.icon, ...(values as { name: string }) } as Parameters<
          typeof updateCategory
        >[1])
      }
      onSuccess={onSaved}
      onReload={async () => {
        const { items } = await listCategories();
        const fresh = items.find((c) => c.id === category.id);
        if (!fresh) throw new Error(t('product.category.gone'));
        return {
          values: { name: fresh.name, sort: fresh.sort, status: fresh.status },
          version: fresh.version,
        };
      }}
    >
      {nameField}
      {sortField}
      {statusField}
      <Form.Item label={t('product.category.productsLabel')}>
        <span>{category.productCount}</span>
      </Form.Item>
    </ResourceDrawerForm>
  );
};
