import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { getCopyDraft, productKeys } from '../../../api/products';
import { inputToFormValues } from './formValues';
import { ProductForm } from './ProductForm';
import { ProductLoadState } from './ProductLoadState';

const COPY_SUFFIX = '（副本）';

/**
 * Product > Copy /product/copy/:id (hidden; admin): the form prefilled with the server's copy draft
 * ("<name>（副本）", new SKU codes, stock 0, sales reset, no platform ids), saved as a new draft.
 */
const ProductCopyPage = () => {
  const id = Number(useParams().id);
  const query = useQuery({
    queryKey: [...productKeys.detail(id), 'copy-draft'],
    queryFn: () => getCopyDraft(id),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const draft = query.data;

  // Wait for this visit's own fetch: the form must start from the current version.
  if (!draft || !query.isFetchedAfterMount) return <ProductLoadState query={query} />;
  const sourceName = draft.name.endsWith(COPY_SUFFIX) ? draft.name.slice(0, -COPY_SUFFIX.length) : draft.name;
  return <ProductForm mode="copy" initialValues={inputToFormValues(draft)} sourceName={sourceName} />;
};

export default ProductCopyPage;
