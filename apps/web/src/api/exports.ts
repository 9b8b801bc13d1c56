import type { ExportJob } from '@educrm/contract/list';
import { http, request } from './http';

/** Exports take longer than the 5 s default: the server streams the whole file. */
export const EXPORT_TIMEOUT_MS = 120_000;

/**
 * GET an export endpoint with the list's filters. A small export answers the xlsx itself (a Blob);
 * a large one answers 202 with the background job to poll (an envelope, read from the Blob).
 */
export const startExport = async (
  url: string,
  params: Record<string, string | number | undefined>,
): Promise<{ kind: 'file'; blob: Blob; fileName: string | null } | { kind: 'job'; job: ExportJob }> => {
  const response = await http.get<Blob>(url, { params, responseType: 'blob', timeout: EXPORT_TIMEOUT_MS });
  const type = String(response.headers['content-type'] ?? response.data.type ?? '');
  if (response.status === 202 || type.includes('json')) {
    const body = JSON.parse(await response.data.text()) as { data: ExportJob };
    return { kind: 'job', job: body.data };
  }
  return {
    kind: 'file',
    blob: response.data,
    fileName: fileNameOf(String(response.headers['content-disposition'] ?? '')),
  };
};

export const getExportJob = (id: string) =>
  request<ExportJob>({ url: `/v1/exports/${id}`, method: 'get', silent: true });

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first (percent
 * encoded), else a plain or quoted `filename=`. Null when there is none.
 */
export const fileNameOf = (header: string): string | null => {
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed escape: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : null;
};

/** Percent done of a background export (0 while the total is unknown; 100 only when done). */
export const jobPercent = (job: Pick<ExportJob, 'status' | 'processed' | 'total'>): number => {
  if (job.status === 'DONE') return 100;
  if (!job.total) return 0;
  return Math.min(99, Math.floor((job.processed / job.total) * 100));
};
