import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors';
import { productAction } from '../../../api/products';
import { DataText } from '../../../components/DataText/DataText';

/** The server's refusal of a product whose sellable SKUs all have stock 0 (`data.reason = "NO_STOCK"`). */
export const noStockSkusOf = (error: unknown): string[] | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as { reason?: unknown; skus?: unknown } | null;
  return data?.reason === 'NO_STOCK' && Array.isArray(data.skus) ? data.skus.map(String) : null;
};

/**
 * Puts a product on sale. When every sellable SKU has stock 0 nobody could buy it: the SKUs are
 * named and the user confirms before it goes on sale anyway. Resolves false when the user declines;
 * other refusals are thrown as they are.
 */
export const usePutOnSale = () => {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return async (product: { id: number; name: string }): Promise<boolean> => {
    try {
      await productAction(product.id, 'on-sale');
      return true;
    } catch (error) {
      const skus = noStockSkusOf(error);
      if (!skus) throw error;
      const confirmed = await new Promise<boolean>((resolve) => {
        modal.confirm({
          title: (
            <DataText i18nKey="product.onSale.noStockTitle" values={{ name: product.name }} data={['name']} />
          ),
          content: (
            <div data-testid="no-stock-skus">
              <p>{t('product.onSale.noStockText')}</p>
              <ul>
                {skus.map((sku) => (
                  <li key={sku} data-user-content>
                    {sku}
                  </li>
                ))}
              </ul>
            </div>
          ),
          okText: t('product.onSale.noStockOk'),
          cancelText: t('common.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      });
      if (!confirmed) return false;
      await productAction(product.id, 'on-sale', { confirmNoStock: true });
      return true;
    }
  };
};
