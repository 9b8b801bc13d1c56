import { useQuery } from '@tanstack/react-query';
import { Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { getProduct, productKeys } from '../../../api/products';
import { detailToInput, inputToFormValues } from './formValues';
import { ProductForm } from './ProductForm';
import { ProductLoadState } from './ProductLoadState';

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

  // Wait for this visit's own fetch: the form must start from the current version.
  if (!product || !query.isFetchedAfterMount) return <ProductLoadState query={query} />;
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
