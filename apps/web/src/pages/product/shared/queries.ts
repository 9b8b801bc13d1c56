import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getDictOptions, listCategories, productKeys } from '../../../api/products';
import { buildCategoryTree } from './categoryTree';

/** Product categories (flat, from the server) and their tree; shared by the product pages. */
export const useCategories = () => {
  const query = useQuery({ queryKey: productKeys.categories, queryFn: listCategories, staleTime: 30_000 });
  const rows = query.data?.items;
  const tree = useMemo(() => buildCategoryTree(rows ?? []), [rows]);
  return { ...query, rows: rows ?? [], tree };
};

/** Grades and source platforms (filters, form options). */
export const useDictOptions = (enabled = true) => {
  const query = useQuery({
    queryKey: productKeys.dictOptions,
    queryFn: (ctx) => getDictOptions(ctx),
    staleTime: 60_000,
    enabled,
  });
  return {
    ...query,
    grades: query.data?.grades ?? [],
    platforms: query.data?.platforms ?? [],
  };
};
