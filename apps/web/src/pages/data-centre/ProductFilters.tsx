import { useQuery } from '@tanstack/react-query';
import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictKeys, getDictOptions } from '../../api/dictionaries';
import { listCategories, productKeys } from '../../api/products';
import { ExpandedTreeSelect } from '../../components/ExpandedTreeSelect';
import { type Range, RangeBar } from './shared';

export interface ProductFilterState extends Range {
  level: 'spu' | 'sku';
  sourcePlatformId?: number;
  channelId?: number;
  /** A category, or a top category with its children (the server's filter). */
  categoryId?: number;
  status?: 'ON' | 'OFF';
}

interface CategoryNode {
  value: number;
  title: string;
  children: CategoryNode[];
}

/** The product pages' filters: range, SPU/SKU, platform, channel, category, product status. */
export const ProductFilters = ({
  value,
  onChange,
}: {
  value: ProductFilterState;
  onChange: (v: ProductFilterState) => void;
}) => {
  const { t } = useTranslation();
  const dicts = useQuery({ queryKey: dictKeys.options, queryFn: getDictOptions });
  const channels = (dicts.data?.channels ?? []).flatMap((c) => [c, ...c.children]);
  const cats = useQuery({ queryKey: productKeys.categories, queryFn: listCategories });
  const byParent = new Map<number | null, CategoryNode[]>();
  for (const c of cats.data?.items ?? []) {
    const list = byParent.get(c.parentId) ?? [];
    list.push({ value: c.id, title: c.name, children: [] });
    byParent.set(c.parentId, list);
  }
  const tree = (byParent.get(null) ?? []).map((n) => ({ ...n, children: byParent.get(n.value) ?? [] }));
  return (
    <div className="data-toolbar">
      <RangeBar value={value} onChange={(r) => onChange({ ...value, ...r })} />
      <Segmented
        aria-label={t('dataCentre.level')}
        value={value.level}
        onChange={(v) => onChange({ ...value, level: v as 'spu' | 'sku' })}
        options={[
          { value: 'spu', label: t('dataCentre.spu') },
          { value: 'sku', label: t('dataCentre.sku') },
        ]}
      />
      <Select
        allowClear
        aria-label={t('dataCentre.dim.platform')}
        placeholder={t('dataCentre.dim.platform')}
        style={{ minWidth: 140 }}
        value={value.sourcePlatformId}
        onChange={(v) => onChange({ ...value, sourcePlatformId: v })}
        options={(dicts.data?.platforms ?? []).map((p) => ({ value: p.id, label: p.name }))}
      />
      <Select
        allowClear
        aria-label={t('dataCentre.dim.channel')}
        placeholder={t('dataCentre.dim.channel')}
        style={{ minWidth: 140 }}
        value={value.channelId}
        onChange={(v) => onChange({ ...value, channelId: v })}
        options={channels.map((c) => ({ value: c.id, label: c.name }))}
      />
      <ExpandedTreeSelect
        allowClear
        data-testid="data-category-filter"
        aria-label={t('dataCentre.category')}
        placeholder={t('dataCentre.category')}
        style={{ minWidth: 160 }}
        treeDefaultExpandAll
        value={value.categoryId}
        onChange={(v) => onChange({ ...value, categoryId: v })}
        treeData={tree}
      />
      <Select
        allowClear
        aria-label={t('dataCentre.status')}
        placeholder={t('dataCentre.status')}
        style={{ minWidth: 120 }}
        value={value.status}
        onChange={(v) => onChange({ ...value, status: v })}
        options={[
          { value: 'ON', label: t('dataCentre.statusOn') },
          { value: 'OFF', label: t('dataCentre.statusOff') },
        ]}
      />
    </div>
  );
};
