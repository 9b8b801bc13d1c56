import type { OrderSkuOption } from '@educrm/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { getDictOptions, listSkuOptions, listStaffOptions, orderKeys } from '../../../api/orders';
import type { SelectOption, TreeOption } from '../../../components/ResourceTable/listState';
import { useDebounced, useServerOptions } from '../../../components/ServerSearch/useServerOptions';
import { formatMoney } from '../../../utils/money';

/** Source platforms and order channels (enabled ones) for selects and filters. */
export const useOrderDicts = (enabled = true) => {
  const query = useQuery({
    queryKey: ['dict', 'options'],
    queryFn: (ctx) => getDictOptions(ctx),
    staleTime: 5 * 60_000,
    enabled,
  });
  const platforms = useMemo<SelectOption[]>(
    () =>
      (query.data?.platforms ?? []).map((p) => ({
        value: p.id,
        label: p.name,
        search: `${p.name} ${p.code}`,
      })),
    [query.data],
  );
  const channels = useMemo<TreeOption[]>(
    () =>
      (query.data?.channels ?? []).map((c) => ({
        value: c.id,
        title: c.name,
        children: c.children.map((k) => ({ value: k.id, title: k.name })),
      })),
    [query.data],
  );
  return { platforms, channels, isFetching: query.isFetching };
};

/** Sales staff within the caller's scope, searched on the server by name. */
export const useStaffSearch = (enabled = true) =>
  useServerOptions({
    key: (term) => ['clients', 'staff-options', term],
    fetch: async (term, ctx) => (await listStaffOptions(term, ctx)).items,
    toOption: (u) => ({
      value: u.id,
      label: u.departmentName ? `${u.nickname} (${u.departmentName})` : u.nickname,
      search: `${u.nickname} ${u.username} ${u.departmentName ?? ''}`,
    }),
    staleTime: 60_000,
    enabled,
  });

export const skuLabel = (o: OrderSkuOption) =>
  `${o.spuName}${o.skuSpec ? ` · ${o.skuSpec}` : ''} · ${formatMoney(o.price)}`;

/**
 * SKUs searched on the server (on-sale ones for new orders, every one for filters). Every SKU seen
 * is remembered, so a chosen line keeps its price and label after the next search.
 */
export const useSkuSearch = ({ onSale, spuId }: { onSale: boolean; spuId?: number }) => {
  const [keyword, setKeyword] = useState('');
  const settled = useDebounced(keyword.trim());
  const query = useQuery({
    queryKey: orderKeys.skuOptions(settled, onSale, spuId),
    queryFn: () => listSkuOptions({ keyword: settled, onSale, spuId }),
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const known = useRef(new Map<number, OrderSkuOption>());
  const items = query.data?.items ?? [];
  for (const item of items) known.current.set(item.skuId, item);
  return {
    items,
    known: known.current,
    onSearch: setKeyword,
    isFetching: query.isFetching,
    isError: query.isError,
  };
};

/** Products (SPUs) among SKU options, for product filters. */
export const productOptionsOf = (items: readonly OrderSkuOption[]): SelectOption[] => {
  const seen = new Map<number, string>();
  for (const i of items) if (!seen.has(i.spuId)) seen.set(i.spuId, i.spuName);
  return [...seen].map(([value, label]) => ({ value, label, search: label }));
};

/**
 * Product (SPU) options for a filter: those matching the typed text, plus the one the URL names
 * (so a refreshed or shared list shows the product's name, not its id).
 */
export const useProductFilter = (selectedSpuId: number | undefined) => {
  const search = useSkuSearch({ onSale: false });
  const chosen = useQuery({
    queryKey: orderKeys.skuOptions('', false, selectedSpuId),
    queryFn: () => listSkuOptions({ spuId: selectedSpuId, onSale: false }),
    enabled: selectedSpuId !== undefined,
    staleTime: 5 * 60_000,
  });
  const options = useMemo(
    () => productOptionsOf([...(chosen.data?.items ?? []), ...search.items]),
    [chosen.data, search.items],
  );
  const skuOptions = useMemo<SelectOption[]>(
    () =>
      [...(chosen.data?.items ?? []), ...search.items]
        .filter((o, i, all) => all.findIndex((x) => x.skuId === o.skuId) === i)
        .map((o) => ({
          value: o.skuId,
          label: `${o.spuName}${o.skuSpec ? ` · ${o.skuSpec}` : ''} (${o.skuCode})`,
          search: `${o.spuName} ${o.skuSpec} ${o.skuCode}`,
        })),
    [chosen.data, search.items],
  );
  return {
    options,
    skuOptions,
    onSearch: search.onSearch,
    isFetching: search.isFetching || chosen.isFetching,
  };
};
