import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * What the edit and copy pages show until this visit's own fetch is in (the form must start from
 * the current version): the failure with Retry and Back to list, else a spinner.
 */
export const ProductLoadState = ({ query }: { query: UseQueryResult<unknown> }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (query.isError && !query.data)
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
  return (
    <div className="product-page" data-testid="product-form-loading">
      <Spin style={{ padding: 48 }} />
    </div>
  );
};
