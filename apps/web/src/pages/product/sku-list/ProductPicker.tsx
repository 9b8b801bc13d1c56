import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { listProducts, productKeys } from '../../../api/products';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';

/** Picks a product by name or id (server search, 20 at a time). */
export const ProductPicker = ({ value, onChange }: { value?: number; onChange: (id: number) => void }) => {
  const { t } = useTranslation();
  const products = useServerOptions({
    key: (term) => [...productKeys.products, 'picker', term],
    fetch: async (term) =>
      (await listProducts({ page: 1, pageSize: 20, ...(term ? { keyword: term } : {}) })).items,
    toOption: (p) => ({ value: p.id, label: `${p.name} (ID ${p.id})` }),
  });
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: products.onSearch }}
      value={value}
      onChange={onChange}
      loading={products.isFetching}
      placeholder={t('product.sku.pickProduct')}
      aria-label={t('product.sku.pickProduct')}
      notFoundContent={t('table.empty')}
      style={{ width: 320 }}
      options={products.options}
    />
  );
};
