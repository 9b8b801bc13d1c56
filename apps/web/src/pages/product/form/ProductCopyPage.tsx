import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { getCopyDraft, productKeys } from '../../../api/products';
import { inputToFormValues } from './formValues';
import { ProductForm } from './ProductForm';

const COPY_SUFFIX = '（副本）';

/**
 * Product > Copy /product/copy/:id (hidden; admin): the form prefilled with the server's copy draft
 * ("<name>（副本）", new SKU codes, stock 0, sales reset, no platform ids), saved as a new draft.
 */
const ProductCopyPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: [...productKeys.detail(id), 'copy-draft'],
    queryFn: () => getCopyDraft(id),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const draft = query.data;

  if (query.isError && !draft)
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
  if (!draft || !query.isFetchedAfterMount)
    return (
      <div className="product-page" data-testid="product-form-loading">
        <Spin style={{ padding: 48 }} />
      </div>
    );
  const sourceName = draft.name.endsWith(COPY_SUFFIX) ? draft.name.slice(0, -COPY_SUFFIX.length) : draft.name;
  return <ProductForm mode="copy" initialValues={inputToFormValues(draft)} sourceName={sourceName} />;
};

export default ProductCopyPage;
