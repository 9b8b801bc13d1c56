import type { ProductStatus } from '@educrm/contract/products';
import type { ListParams } from '../../../api/list';
import { yuanToFen } from '../shared/money';

/** The status tabs of the list: everything but the recycle bin, then each status. */
export const STATUS_TABS = ['ALL', 'ON', 'OFF', 'DRAFT', 'RECYCLE'] as const;
export type StatusTab = (typeof STATUS_TABS)[number];

/** The list at the tab of a product's status: a saved draft is seen among the drafts. */
export const listPathOf = (status: ProductStatus): string => `/product/list?status=${status}`;

export const tabOf = (raw: string | null): StatusTab =>
  STATUS_TABS.includes(raw as StatusTab) ? (raw as StatusTab) : 'ALL';

/**
 * The list call's parameters: the price filter is typed in yuan (URL and form) and sent in fen,
 * and the tab adds its status ("ALL" = every status but the recycle bin, the server's default).
 */
export const productApiParams = (params: ListParams, tab: StatusTab): ListParams => {
  const out: ListParams = { ...params };
  for (const key of ['priceMin', 'priceMax'] as const) {
    const value = out[key];
    if (value === undefined) continue;
    const fen = yuanToFen(value);
    if (fen === null || fen < 0) delete out[key];
    else out[key] = fen;
  }
  if (tab === 'ALL') delete out.status;
  else out.status = tab as ProductStatus;
  return out;
};
