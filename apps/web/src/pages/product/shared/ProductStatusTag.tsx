import type { ProductStatus } from '@educrm/contract/products';
import { StatusTag, type Tone } from '../../../components/StatusTag';

const TONES: Record<ProductStatus, Tone> = {
  ON: 'success',
  OFF: 'warning',
  DRAFT: 'info',
  RECYCLE: 'neutral',
};

/** A product's shelf status: 草稿 / 出售中 / 已下架 / 回收站. */
export const ProductStatusTag = ({ value }: { value: ProductStatus }) => (
  <StatusTag value={value} i18nPrefix="product.status" tones={TONES} />
);
