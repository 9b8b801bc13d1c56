import type {
  DataCohort,
  DataDaily,
  DataOverview,
  ProductDaily,
  ProductOverview,
  SalesSeries,
} from '@educrm/contract/data-centre';
import { request } from './http';

/** Data centre figures (DOMAIN 2), typed by the contract. */
const BASE = '/v1/data';
type Params = Record<string, string | number | undefined>;

export const dataKeys = {
  all: ['data'] as const,
  of: (kind: string, params: Params) => ['data', kind, params] as const,
};

export const getOverview = (date?: string) =>
  request<DataOverview>({ url: `${BASE}/overview`, method: 'get', params: { date } });
export const getSeries = (params: Params) =>
  request<SalesSeries>({ url: `${BASE}/series`, method: 'get', params });
export const getCohort = (params: Params) =>
  request<DataCohort>({ url: `${BASE}/cohort`, method: 'get', params });
export const getDaily = (date: string) =>
  request<DataDaily>({ url: `${BASE}/daily`, method: 'get', params: { date } });
export const getProductDaily = (params: Params) =>
  request<ProductDaily>({ url: `${BASE}/products/daily`, method: 'get', params });
export const getProductOverview = (params: Params) =>
  request<ProductOverview>({ url: `${BASE}/products/overview`, method: 'get', params });
export const SERIES_EXPORT_URL = `${BASE}/series/export`;
