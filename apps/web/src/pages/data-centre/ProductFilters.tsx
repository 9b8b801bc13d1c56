import { useQuery } from '@tanstack/react-query';
import { Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictKeys, getDictOptions } from '../../api/dictionaries';
import { type Range, RangeBar } from './shared';

export interface ProductFilterState extends Range {
  level: 'spu' | 'sku';
  sourcePlatformId?: number;
  channelId?: number;
  status?: 'ON' | 'OFF';
}

/** The product pages' filters: range, SPU/SKU, platform, channel, product status. */
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
