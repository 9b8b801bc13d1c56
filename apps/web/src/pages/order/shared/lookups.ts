import type { OrderSkuOption } from '@educrm/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { getDictOptions, listSkuOptions, listStaffOptions, orderKeys } from '../../../api/orders';
import type { SelectOption, TreeOption } from '../../../components/ResourceTable/listState';
import { mergeAnswer } from '../../../components/ServerSearch/mergeAnswer';
import { useServerOptions } from '../../../components/ServerSearch/useServerOptions';
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
export const useSkuSearch = ({ onSale }: { onSale: boolean }) => {
  const search = useServerOptions({
    key: (term) => orderKeys.skuOptions(term, onSale),
    fetch: async (term) => (await listSkuOptions({ keyword: term, onSale })).items,
    toOption: (o) => ({ value: o.skuId, label: skuLabel(o) }),
  });
  const known = useRef(new Map<number, OrderSkuOption>());
  for (const item of search.items) known.current.set(item.skuId, item);
  return { ...search, known: known.current };
};

/**
 * Product (SPU) options for a filter or a form: those the server answers for the typed text, and
 * while nothing is typed the one chosen (a URL's filter, a saved class's product) first, so it
 * shows its name, not its id. `skuOptions`: the same answer's SKUs.
 */
export const useProductFilter = (selectedSpuId: number | undefined) => {
  const search = useServerOptions({
    key: (term) => orderKeys.skuOptions(term, false),
    fetch: async (term) => (await listSkuOptions({ keyword: term, onSale: false })).items,
    toOption: (o) => ({ value: o.spuId, label: o.spuName, search: o.spuName }),
    chosen:
      selectedSpuId === undefined
        ? undefined
        : {
            key: [...orderKeys.skuOptions('', false, selectedSpuId), 'chosen'],
            fetch: async () => (await listSkuOptions({ spuId: selectedSpuId, onSale: false })).items,
          },
    staleTime: 5 * 60_000,
  });
  const skuOptions = useMemo<SelectOption[]>(
    () =>
      mergeAnswer(search.items, [], (o) => ({
        value: o.skuId,
        label: `${o.spuName}${o.skuSpec ? ` · ${o.skuSpec}` : ''} (${o.skuCode})`,
        search: `${o.spuName} ${o.skuSpec} ${o.skuCode}`,
      })),
    [search.items],
  );
  return { options: search.options, skuOptions, onSearch: search.onSearch, isFetching: search.isFetching };
};
