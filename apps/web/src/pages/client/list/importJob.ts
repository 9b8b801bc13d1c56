import {
  IMPORT_MAX_BYTES,
  IMPORT_OUTCOMES,
  type ImportJob,
  type ImportOutcome,
} from '@educrm/contract/clients';

/** The import dialog's pure parts: which files to send, the progress and the per-outcome summary. */

/** Why a chosen file cannot be imported (an i18n key under client.import.*), or null. */
export const importFileProblem = (file: { name: string; size: number }): string | null => {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return 'client.import.wrongType';
  if (file.size === 0) return 'client.import.emptyFile';
  if (file.size > IMPORT_MAX_BYTES) return 'client.import.tooLarge';
  return null;
};

/** Percent done: 100 only when done; 0 while the row count is unknown. */
export const importPercent = (job: Pick<ImportJob, 'status' | 'processed' | 'total'>): number => {
  if (job.status === 'DONE') return 100;
  if (!job.total) return 0;
  return Math.min(99, Math.floor((job.processed / job.total) * 100));
};

export type OutcomeTone = 'success' | 'info' | 'warning' | 'error';
const TONES: Record<ImportOutcome, OutcomeTone> = {
  CREATED: 'success',
  DUPLICATE_MINE: 'info',
  DUPLICATE_OTHER: 'error',
  DUPLICATE_POOL: 'warning',
  DUPLICATE_DELETED: 'warning',
  INVALID: 'error',
};

/** One line per outcome in the contract's order, with its count (0 when absent) and tone. */
export const importSummary = (counts: Partial<Record<ImportOutcome, number>>) =>
  IMPORT_OUTCOMES.map((outcome) => ({ outcome, count: counts[outcome] ?? 0, tone: TONES[outcome] }));

/** Rows that were not created (duplicates and invalid rows). */
export const skippedRows = (counts: Partial<Record<ImportOutcome, number>>) =>
  importSummary(counts)
    .filter((line) => line.outcome !== 'CREATED')
    .reduce((sum, line) => sum + line.count, 0);
