import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { getProduct, productKeys } from '../../../api/products';
import { detailToInput, inputToFormValues } from './formValues';
import { ProductForm } from './ProductForm';

/** Product > Edit /product/edit/:id (hidden; admin; the router lets digits only through). */
const ProductEditPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const id = Number(useParams().id);
  // A refusal carried from the save that created the product ("save and put on sale").
  const [issue] = useState(() => (location.state as { issue?: string } | null)?.issue ?? null);
  const query = useQuery({
    queryKey: productKeys.detail(id),
    queryFn: () => getProduct(id),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const product = query.data;

  if (query.isError && !product)
    return (
      <Result
        status="warning"
        title={t('product.form.loadFailed')}
        subTitle={query.error instanceof Error ? query.error.message : ''}
        extra={[
          <Button key="retry" type="primary" onClick={() => void query.refetch()}>
            {t('table.retry')}
          </Button>,
          <Button key="back" onClick={() => navigate('/product/list')}>
            {t('product.sku.backToList')}
          </Button>,
        ]}
      />
    );
  // Wait for this visit's own fetch: the form must start from the current version.
  if (!product || !query.isFetchedAfterMount)
    return (
      <div className="product-page" data-testid="product-form-loading">
        <Spin style={{ padding: 48 }} />
      </div>
    );
  if (product.status === 'RECYCLE')
    return (
      <Result
        status="info"
        title={t('product.form.inRecycle', { name: product.name })}
        extra={
          <Button type="primary" onClick={() => navigate('/product/list?status=RECYCLE')}>
            {t('product.form.toRecycleBin')}
          </Button>
        }
      />
    );
  return (
    <ProductForm
      key={product.id}
      mode="edit"
      product={product}
      initialValues={inputToFormValues(detailToInput(product))}
      issue={issue}
    />
  );
};

export default ProductEditPage;
