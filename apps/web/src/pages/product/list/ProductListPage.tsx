import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import { PRODUCT_TYPES, type ProductRow, type ProductStatus } from '@educrm/contract/products';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Tabs, Tag } from 'antd';
import { type Key, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { perIdBulk } from '../../../api/list';
import {
  bulkProductCategory,
  bulkProductStatus,
  listProducts,
  type ProductVerb,
  productAction,
  productKeys,
  productStatusCountsOf,
  purgeProduct,
} from '../../../api/products';
import type { BulkAction } from '../../../components/ResourceTable/BulkActions';
import { type FilterField, filterParamsOf, readListState } from '../../../components/ResourceTable/listState';
import { type ResourceColumn, ResourceTable } from '../../../components/ResourceTable/ResourceTable';
import { RowActions } from '../../../components/ResourceTable/RowActions';
import { useCan } from '../../../session/useCan';
import { toThousand } from '../../../utils/number';
import { parseTime } from '../../../utils/time';
import { CategoryTreeSelect } from '../shared/CategoryPicker';
import { categoryOptions } from '../shared/categoryTree';
import { formatPriceRange } from '../shared/money';
import { ProductStatusTag } from '../shared/ProductStatusTag';
import { useCategories, useDictOptions } from '../shared/queries';
import { usePutOnSale } from '../shared/usePutOnSale';
import '../shared/product.css';
import { DataText } from '../../../components/DataText/DataText';
import { productApiParams, STATUS_TABS, type StatusTab, tabOf } from './listParams';

const at = (iso: string) => parseTime(iso, '{y}-{m}-{d} {h}:{i}');

/** Product > List: status tabs with counts, filters, row and bulk actions (DOMAIN 5.3). */
const ProductListPage = () => {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const can = useCan();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('status'));
  const categories = useCategories();
  const dict = useDictOptions();
  const bulkCategory = useRef<number | null>(null);
  const putOnSale = usePutOnSale();

  const canAdd = can('product.add') && can('product.create');
  const canEdit = can('product.edit') && can('product.update');
  const canCopy = can('product.copy') && can('product.create');

  const filters = useMemo<FilterField[]>(
    () => [
      {
        type: 'text',
        name: 'keyword',
        label: t('product.list.keyword'),
        placeholder: t('product.list.keywordHint'),
      },
      {
        type: 'treeSelect',
        name: 'categoryId',
        label: t('product.list.category'),
        numeric: true,
        loading: categories.isFetching,
        treeData: categoryOptions(categories.tree, {
          disabledLabel: t('product.category.disabledTag'),
          allowDisabled: true,
        }),
      },
      {
        type: 'select',
        name: 'productType',
        label: t('product.list.type'),
        options: PRODUCT_TYPES.map((v) => ({ value: v, label: t(`product.type.${v}`) })),
      },
      {
        type: 'select',
        name: 'gradeId',
        label: t('product.list.grade'),
        numeric: true,
        loading: dict.isFetching,
        options: dict.grades.map((g) => ({ value: g.id, label: g.name })),
      },
      {
        type: 'numberRange',
        name: 'price',
        label: t('product.list.priceRange'),
        min: 'priceMin',
        max: 'priceMax',
      },
      {
        type: 'dateRange',
        name: 'created',
        label: t('product.list.createdAt'),
        from: 'createdFrom',
        to: 'createdTo',
      },
      {
        type: 'select',
        name: 'nothingSellable',
        label: t('product.list.sellability'),
        options: [{ value: 'true', label: t('product.list.nothingSellable') }],
      },
    ],
    [t, categories.tree, categories.isFetching, dict.grades, dict.isFetching],
  );

  // The tab counts follow the same filters as the list (all statuses).
  const filterParams = useMemo(() => {
    const state = readListState(search, filters, { pageSize: 20, sort: '', sortable: [] });
    return productApiParams(filterParamsOf(state, filters), 'ALL');
  }, [search, filters]);
  const counts = useQuery({
    queryKey: [...productKeys.statusCounts, filterParams],
    queryFn: () => productStatusCountsOf(filterParams),
    staleTime: 30_000,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.products });

  const act = async (p: ProductRow, verb: ProductVerb, done: string) => {
    await productAction(p.id, verb);
    void message.success(t(done, { name: p.name }));
    await refresh();
  };

  const refused = (error: unknown) => {
    modal.error({
      title: t('common.refused'),
      content: error instanceof Error ? error.message : t('http.error'),
      okText: t('common.ok'),
    });
  };

  const setTab = (next: string) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.delete('page');
        if (next === 'ALL') params.delete('status');
        else params.set('status', next);
        return params;
      },
      { replace: true },
    );

  const columns: ResourceColumn<ProductRow>[] = [
    {
      key: 'product',
      title: t('product.list.product'),
      sortField: 'name',
      render: (_, p) => (
        <span className="product-cell">
          {p.coverUrl ? (
            <img className="product-cell__cover" src={p.coverUrl} alt="" loading="lazy" />
          ) : (
            <span
              className="product-cell__cover product-cell__cover--empty"
              title={t('product.list.noCover')}
            >
              <PictureOutlined aria-label={t('product.list.noCover')} />
            </span>
          )}
          <span>
            <span className="product-cell__name">{p.name}</span>
            <span className="product-sub">ID {p.id}</span>
          </span>
        </span>
      ),
    },
    { key: 'category', title: t('product.list.category'), render: (_, p) => p.categoryName ?? '-' },
    { key: 'type', title: t('product.list.type'), render: (_, p) => t(`product.type.${p.productType}`) },
    {
      key: 'price',
      title: t('product.list.price'),
      sortField: 'priceMin',
      render: (_, p) => <span className="product-nowrap">{formatPriceRange(p.priceMin, p.priceMax)}</span>,
    },
    {
      key: 'stock',
      title: t('product.list.stock'),
      render: (_, p) => (
        <span className="product-nowrap">
          {p.stockTotal === null ? t('product.sku.unlimited') : toThousand(p.stockTotal)}
          {p.status === 'ON' && p.stockTotal === 0 ? (
            <Tag className="status-tag status-tag--warning product-stock-out">
              {t('product.list.nothingSellable')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'sales',
      title: t('product.list.sales'),
      sortField: 'salesCount',
      render: (_, p) => <span className="product-nowrap">{toThousand(p.salesCount)}</span>,
    },
    {
      key: 'status',
      title: t('product.list.status'),
      render: (_, p) => <ProductStatusTag value={p.status} />,
    },
    { key: 'sort', title: t('product.list.sort'), sortField: 'sort', dataIndex: 'sort' },
    {
      key: 'updatedAt',
      title: t('product.list.updatedAt'),
      sortField: 'updatedAt',
      render: (_, p) => <span className="product-nowrap">{at(p.updatedAt)}</span>,
    },
    {
      key: 'createdAt',
      title: t('product.list.createdAt'),
      sortField: 'createdAt',
      render: (_, p) => <span className="product-nowrap">{at(p.createdAt)}</span>,
    },
    {
      key: 'actions',
      title: t('table.actions'),
      locked: true,
      fixed: 'right',
      render: (_, p) => {
        const inBin = p.status === 'RECYCLE';
        return (
          <RowActions
            label={p.name}
            inline={3}
            actions={[
              {
                key: 'edit',
                label: t('common.edit'),
                hidden: !canEdit || inBin,
                onClick: () => navigate(`/product/edit/${p.id}`),
              },
              {
                key: 'copy',
                label: t('common.copy'),
                hidden: !canCopy || inBin,
                onClick: () => navigate(`/product/copy/${p.id}`),
              },
              {
                key: 'skus',
                label: t('product.list.skus'),
                permission: 'product.sku-list',
                hidden: inBin,
                onClick: () => navigate(`/product/sku-list?productId=${p.id}`),
              },
              {
                key: 'onSale',
                label: t('product.list.onSale'),
                permission: 'product.status',
                hidden: inBin || p.status === 'ON',
                confirm: {
                  title: (
                    <DataText i18nKey="product.list.onSaleTitle" values={{ name: p.name }} data={['name']} />
                  ),
                  content: t('product.list.onSaleText'),
                  okText: t('product.list.onSale'),
                  danger: false,
                  refusedTitle: t('product.list.onSaleRefused'),
                  onConfirm: async () => {
                    if (!(await putOnSale(p))) return;
                    void message.success(t('product.list.onSaleDone', { name: p.name }));
                    await refresh();
                  },
                },
              },
              {
                key: 'offSale',
                label: t('product.list.offSale'),
                permission: 'product.status',
                hidden: p.status !== 'ON',
                confirm: {
                  title: t('product.list.offSaleTitle', { name: p.name }),
                  content: t('product.list.offSaleText'),
                  okText: t('product.list.offSale'),
                  onConfirm: () => act(p, 'off-sale', 'product.list.offSaleDone'),
                },
              },
              {
                key: 'deals',
                label: t('product.list.deals'),
                permission: 'product.order-list',
                onClick: () => navigate(`/product/order-list?spuId=${p.id}`),
              },
              {
                key: 'recycle',
                label: t('product.list.recycle'),
                permission: 'product.delete',
                danger: true,
                hidden: inBin,
                confirm: {
                  title: t('product.list.recycleTitle', { name: p.name }),
                  content: t('product.list.recycleText'),
                  okText: t('product.list.recycle'),
                  onConfirm: () => act(p, 'recycle', 'product.list.recycled'),
                },
              },
              {
                key: 'restore',
                label: t('product.list.restore'),
                permission: 'product.delete',
                hidden: !inBin,
                onClick: () => void act(p, 'restore', 'product.list.restored').catch(refused),
              },
              {
                key: 'purge',
                label: t('product.list.purge'),
                permission: 'product.delete',
                danger: true,
                hidden: !inBin,
                confirm: {
                  title: t('product.list.purgeTitle', { name: p.name }),
                  content: t('product.list.purgeText'),
                  okText: t('product.list.purge'),
                  refusedTitle: t('product.list.purgeRefused'),
                  onConfirm: async () => {
                    await purgeProduct(p.id);
                    void message.success(t('product.list.purged', { name: p.name }));
                    await refresh();
                  },
                },
              },
            ]}
          />
        );
      },
    },
  ];

  const ids = (keys: Key[]) => keys.map(Number);
  const bulkStatus = (status: ProductStatus) => async (keys: Key[]) => {
    const result = await bulkProductStatus(ids(keys), status);
    await refresh();
    return result;
  };
  const bulkActions: BulkAction[] =
    tab === 'RECYCLE'
      ? [
          {
            key: 'restore',
            label: t('product.list.bulkRestore'),
            permission: 'product.delete',
            confirm: (n) => t('product.list.bulkRestoreText', { n }),
            run: bulkStatus('OFF'),
          },
          {
            key: 'purge',
            label: t('product.list.purge'),
            permission: 'product.delete',
            danger: true,
            confirm: (n) => t('product.list.bulkPurgeText', { n }),
            run: async (keys) => {
              const result = await perIdBulk(ids(keys), purgeProduct);
              await refresh();
              return result;
            },
          },
        ]
      : [
          ...(tab === 'ON'
            ? []
            : [
                {
                  key: 'onSale',
                  label: t('product.list.bulkOnSale'),
                  permission: 'product.status',
                  confirm: (n: number) => t('product.list.bulkOnSaleText', { n }),
                  run: bulkStatus('ON'),
                },
              ]),
          ...(tab === 'OFF' || tab === 'DRAFT'
            ? []
            : [
                {
                  key: 'offSale',
                  label: t('product.list.bulkOffSale'),
                  permission: 'product.status',
                  confirm: (n: number) => t('product.list.bulkOffSaleText', { n }),
                  run: bulkStatus('OFF'),
                },
              ]),
          {
            key: 'category',
            label: t('product.list.bulkCategory'),
            permission: 'product.update',
            confirm: (n) => {
              bulkCategory.current = null;
              return (
                <div>
                  <p>{t('product.list.bulkCategoryText', { n })}</p>
                  <CategoryTreeSelect
                    tree={categories.tree}
                    leafOnly
                    style={{ width: '100%' }}
                    aria-label={t('product.list.bulkCategoryLabel')}
                    onChange={(v) => {
                      bulkCategory.current = typeof v === 'number' ? v : null;
                    }}
                  />
                </div>
              );
            },
            run: async (keys) => {
              const categoryId = bulkCategory.current;
              if (!categoryId) throw new Error(t('product.list.bulkCategoryMissing'));
              const result = await bulkProductCategory(ids(keys), categoryId);
              await Promise.all([
                refresh(),
                queryClient.invalidateQueries({ queryKey: productKeys.categories }),
              ]);
              return result;
            },
          },
          {
            key: 'recycle',
            label: t('product.list.bulkRecycle'),
            permission: 'product.delete',
            danger: true,
            confirm: (n) => t('product.list.bulkRecycleText', { n }),
            run: bulkStatus('RECYCLE'),
          },
        ];

  const countOf = (key: StatusTab) => {
    const c = counts.data;
    if (!c) return null;
    return key === 'ALL' ? c.DRAFT + c.ON + c.OFF : c[key];
  };

  return (
    <div className="product-page" data-testid="product-list-page">
      <h1 className="visually-hidden">{t('route.productList')}</h1>
      <Tabs
        className="product-tabs"
        activeKey={tab}
        onChange={setTab}
        items={STATUS_TABS.map((key) => {
          const n = countOf(key);
          return {
            key,
            label: (
              <span data-testid={`product-tab-${key}`}>
                {key === 'ALL' ? t('product.list.tabAll') : t(`product.status.${key}`)}
                {n === null ? null : <span className="product-tab-count">{toThousand(n)}</span>}
              </span>
            ),
          };
        })}
      />
      <ResourceTable<ProductRow>
        key={tab}
        tableKey="product.list"
        title={t('route.productList')}
        queryKey={[...productKeys.products, tab]}
        fetch={(params) => listProducts(productApiParams(params, tab))}
        columns={columns}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        filters={filters}
        toolbar={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/product/add')}>
              {t('product.list.add')}
            </Button>
          ) : null
        }
        bulkActions={bulkActions}
        tableProps={{ scroll: { x: 'max-content' } }}
      />
    </div>
  );
};

export default ProductListPage;
