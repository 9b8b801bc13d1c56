import { PRODUCT_METRIC_UNITS, PRODUCT_METRICS, type ProductStatRow } from '@educrm/contract/data-centre';
import { useQuery } from '@tanstack/react-query';
import { Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataKeys, getProductDaily } from '../../api/data-centre';
import { type ProductFilterState, ProductFilters } from './ProductFilters';
import { productMetricColumns, productParams } from './productColumns';
import { AsOf, formatMetric, Panel, shortcutRange, useMetricLabel } from './shared';

/** 商品每日数据: date × SPU (or SKU), P01-P07, with the range totals as the table's summary row. */
const ProductDailyPage = () => {
  const { t } = useTranslation();
  const label = useMetricLabel();
  const [filters, setFilters] = useState<ProductFilterState>({ ...shortcutRange('last7'), level: 'spu' });
  const params = productParams(filters);
  const q = useQuery({
    queryKey: dataKeys.of('product-daily', params),
    queryFn: () => getProductDaily(params),
  });
  return (
    <div className="page-container data-page" data-testid="data-product-daily-page">
      <ProductFilters value={filters} onChange={setFilters} />
      <AsOf at={q.data?.asOf} />
      <Panel title={`${filters.from} ~ ${filters.to}`}>
        <Table<ProductStatRow>
          data-testid="product-daily-table"
          size="small"
          loading={q.isLoading}
          rowKey={(r) => `${r.date}|${r.spuId}|${r.skuId}`}
          dataSource={q.data?.rows ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('dataCentre.empty')} /> }}
          columns={[
            { key: 'date', dataIndex: 'date', title: t('dataCentre.date'), fixed: 'left', width: 110 },
            { key: 'name', dataIndex: 'name', title: t('dataCentre.product'), fixed: 'left', width: 160 },
            ...(filters.level === 'sku'
              ? [{ key: 'spec', dataIndex: 'spec', title: t('dataCentre.spec'), width: 140 }]
              : []),
            { key: 'category', dataIndex: 'categoryName', title: t('dataCentre.category'), width: 120 },
            ...productMetricColumns(label),
          ]}
          summary={() =>
            q.data?.rows.length ? (
              <Table.Summary.Row className="data-row-total">
                <Table.Summary.Cell index={0} colSpan={filters.level === 'sku' ? 4 : 3}>
                  {t('dataCentre.total')}
                </Table.Summary.Cell>
                {PRODUCT_METRICS.map((code, i) => (
                  <Table.Summary.Cell key={code} index={i + 4} align="right">
                    {formatMetric(PRODUCT_METRIC_UNITS[code], q.data?.totals[code])}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      </Panel>
    </div>
  );
};
export default ProductDailyPage;
