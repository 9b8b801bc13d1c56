import type { TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ExpandedTreeSelect } from '../../../components/ExpandedTreeSelect';
import { type CategoryNode, categoryOptions } from './categoryTree';
import { useCategories } from './queries';

type PickerProps = Omit<TreeSelectProps<number>, 'treeData' | 'value'> & {
  /** Only leaf categories can be chosen (products attach there); parents just open. */
  leafOnly?: boolean;
  value?: number | null;
};

/**
 * A category picker over a given tree, without data hooks: usable inside confirm dialogs, which
 * render outside the layout's React Query provider.
 */
export const CategoryTreeSelect = ({
  tree,
  leafOnly = false,
  value,
  loading,
  ...props
}: PickerProps & { tree: readonly CategoryNode[] }) => {
  const { t } = useTranslation();
  const treeData = useMemo(
    () =>
      categoryOptions(tree, {
        leafOnly,
        disabledLabel: t('product.category.disabledTag'),
        keep: value ?? null,
      }),
    [tree, leafOnly, t, value],
  );
  return (
    <ExpandedTreeSelect<number>
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={loading}
      placeholder={leafOnly ? t('product.form.categoryPlaceholder') : t('table.any')}
      notFoundContent={t('product.category.emptyOptions')}
      {...props}
      value={value ?? undefined}
      treeData={treeData as TreeSelectProps<number>['treeData']}
    />
  );
};

/** The category picker of forms: the categories come from the server (shared query). */
export const CategoryPicker = (props: PickerProps) => {
  const { tree, isFetching } = useCategories();
  return <CategoryTreeSelect tree={tree} loading={isFetching} {...props} />;
};
