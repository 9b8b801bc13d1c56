import { ArrowLeftOutlined, EditOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SkuRow } from '@educrm/contract/products';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Result, Space, Switch, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { getProduct, listSkus, patchSku, productKeys } from '../../../api/products';
import { isVersionConflict } from '../../../components/ResourceForm/errors';
import { StatusTag } from '../../../components/StatusTag';
import { useCan } from '../../../session/useCan';
import { formatMoney, toThousand } from '../../../utils/number';
import { fenToYuan, formatPriceRange, MAX_YUAN, yuanToFen } from '../shared/money';
import { ProductStatusTag } from '../shared/ProductStatusTag';
import '../shared/product.css';
import { InlineNumber } from './InlineNumber';
import { ProductPicker } from './ProductPicker';

const idOf = (raw: string | null) => (raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/**
 * Product > SKUs (hidden, opened from a product: ?productId=): the product's SKUs with inline
 * edits of stock and status (product.sku.stock / product.sku.status) and price (product.sku.price).
 * Each edit sends the SKU's version; a stale one (409) reloads the list.
 */
const SkuListPage = () => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const productId = idOf(search.get('productId')) ?? idOf(search.get('spuId'));

  const product = useQuery({
    queryKey: productKeys.detail(productId ?? 0),
    queryFn: () => getProduct(productId as number),
    enabled: productId !== null,
    staleTime: 30_000,
  });
  const skus = useQuery({
    queryKey: productKeys.skus(productId ?? 0),
    queryFn: () => listSkus(productId as number),
    enabled: productId !== null,
    staleTime: 10_000,
  });

  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productKeys.skus(productId ?? 0) }),
      queryClient.invalidateQueries({ queryKey: productKeys.detail(productId ?? 0) }),
      queryClient.invalidateQueries({ queryKey: productKeys.products, exact: false }),
    ]);

  /** Sends one field; true when saved. A stale version reloads; other refusals show the reason. */
  const save = async (
    sku: SkuRow,
    patch: { stock?: number | null; price?: number; status?: SkuRow['status'] },
  ) => {
    try {
      await patchSku(sku.id, { ...patch, version: sku.version });
      void message.success(t('product.sku.saved', { code: sku.skuCode }));
      await reload();
      return true;
    } catch (error) {
      if (isVersionConflict(error)) {
        void message.warning(t('product.sku.conflict'));
        await reload();
        return false;
      }
      modal.error({
        title: t('product.sku.refused', { code: sku.skuCode }),
        content: error instanceof Error ? error.message : t('http.error'),
        okText: t('common.ok'),
      });
      return false;
    }
  };

  const pick = (id: number) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('spuId');
        next.set('productId', String(id));
        return next;
      },
      { replace: true },
    );

  const canStock = can('product.sku.stock');
  const canStatus = can('product.sku.status');
  const canPrice = can('product.sku.price');

  const columns: TableColumnType<SkuRow>[] = [
    {
      key: 'specs',
      title: t('product.sku.specs'),
      render: (_, k) =>
        k.properties.length ? (
          <Space size={[4, 4]} wrap>
            {k.properties.map((p) => (
              <Tag key={p.name}>
                {p.name}: {p.value}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="product-muted">{t('product.sku.singleSpec')}</span>
        ),
    },
    { key: 'skuCode', title: t('product.sku.skuCode'), dataIndex: 'skuCode' },
    {
      key: 'price',
      title: t('product.sku.price'),
      render: (_, k) => (
        <InlineNumber
          testId={`sku-price-${k.skuCode}`}
          editable={canPrice}
          value={fenToYuan(k.price)}
          display={formatMoney(k.price)}
          label={t('product.sku.editPrice', { code: k.skuCode })}
          precision={2}
          max={MAX_YUAN}
          onSave={(yuan) => save(k, { price: yuanToFen(yuan) ?? 0 })}
        />
      ),
    },
    {
      key: 'marketPrice',
      title: t('product.sku.marketPrice'),
      render: (_, k) => (
        <span className="product-nowrap">{k.marketPrice ? formatMoney(k.marketPrice) : '-'}</span>
      ),
    },
    {
      key: 'stock',
      title: t('product.sku.stock'),
      render: (_, k) => (
        <InlineNumber
          testId={`sku-stock-${k.skuCode}`}
          editable={canStock}
          allowUnlimited
          value={k.stock}
          display={k.stock === null ? t('product.sku.unlimited') : toThousand(k.stock)}
          label={t('product.sku.editStock', { code: k.skuCode })}
          max={10_000_000}
          onSave={(stock) => save(k, { stock })}
        />
      ),
    },
    {
      key: 'sales',
      title: t('product.sku.sales'),
      render: (_, k) => <span className="product-nowrap">{toThousand(k.salesCount)}</span>,
    },
    {
      key: 'status',
      title: t('product.sku.status'),
      render: (_, k) =>
        canStatus ? (
          <Space size={6}>
            <Switch
              size="small"
              checked={k.status === 'ENABLED'}
              aria-label={t('product.sku.toggle', { code: k.skuCode })}
              onChange={(on) => void save(k, { status: on ? 'ENABLED' : 'DISABLED' })}
            />
            <StatusTag value={k.status} />
          </Space>
        ) : (
          <StatusTag value={k.status} />
        ),
    },
    {
      key: 'class',
      title: t('product.sku.class'),
      render: (_, k) =>
        k.classId ? `#${k.classId}` : <span className="product-muted">{t('product.sku.noClass')}</span>,
    },
  ];

  const canEditProduct = can('product.edit') && can('product.update');
  const p = product.data;
  const failed = (product.isError && !p) || (skus.isError && !skus.data);

  return (
    <div className="product-page" data-testid="sku-list-page">
      <h1 className="visually-hidden">{t('route.productSkuList')}</h1>
      <div className="product-panel">
        <div className="product-toolbar">
          <div className="product-sku-head">
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/product/list')}>
              {t('product.sku.backToList')}
            </Button>
            {p ? (
              <>
                <span className="product-sku-head__name" data-testid="sku-product-name">
                  {p.name}
                </span>
                <ProductStatusTag value={p.status} />
                <span className="product-muted product-nowrap">
                  {formatPriceRange(p.priceMin, p.priceMax)}
                </span>
              </>
            ) : null}
          </div>
          <Space wrap>
            <ProductPicker value={productId ?? undefined} onChange={pick} />
            {p && canEditProduct && p.status !== 'RECYCLE' ? (
              <Button icon={<EditOutlined />} onClick={() => navigate(`/product/edit/${p.id}`)}>
                {t('product.sku.editProduct')}
              </Button>
            ) : null}
            {productId !== null ? (
              <Tooltip title={t('table.refresh')}>
                <Button
                  icon={<ReloadOutlined spin={skus.isFetching} />}
                  aria-label={t('table.refresh')}
                  onClick={() => void reload()}
                />
              </Tooltip>
            ) : null}
          </Space>
        </div>
        {productId === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.sku.pickProductHint')} />
        ) : failed ? (
          <Result
            status="warning"
            title={t('product.sku.loadFailed')}
            subTitle={
              (product.error ?? skus.error) instanceof Error ? (product.error ?? skus.error)?.message : ''
            }
            extra={
              <Button type="primary" onClick={() => void reload()}>
                {t('table.retry')}
              </Button>
            }
          />
        ) : (
          <Table<SkuRow>
            aria-label={t('route.productSkuList')}
            rowKey="id"
            columns={columns}
            dataSource={skus.data?.items ?? []}
            loading={skus.isFetching}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('table.empty')} />,
            }}
          />
        )}
        {productId !== null && !failed ? (
          <p className="product-muted" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('product.sku.hint')}
          </p>
        ) : null}
      </div>
    </div>
  );
};

export default SkuListPage;
