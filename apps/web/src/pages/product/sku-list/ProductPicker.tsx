import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listProducts, productKeys } from '../../../api/products';

/** Picks a product by name or id (server search, 20 at a time). */
export const ProductPicker = ({ value, onChange }: { value?: number; onChange: (id: number) => void }) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const term = text.trim();
  const query = useQuery({
    queryKey: [...productKeys.products, 'picker', term],
    queryFn: () => listProducts({ page: 1, pageSize: 20, ...(term ? { keyword: term } : {}) }),
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={onChange}
      loading={query.isFetching}
      placeholder={t('product.sku.pickProduct')}
      aria-label={t('product.sku.pickProduct')}
      notFoundContent={t('table.empty')}
      style={{ width: 320 }}
      options={(query.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.name} (ID ${p.id})` }))}
    />
  );
};
