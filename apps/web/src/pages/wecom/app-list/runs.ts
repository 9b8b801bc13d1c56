import type { WecomSyncRunRow } from '@educrm/contract/wecom';

const LIVE = new Set(['QUEUED', 'RUNNING']);

/** A run still queued or running (the job log polls while one is). */
export const isLive = (run: Pick<WecomSyncRunRow, 'status'> | null | undefined) =>
  Boolean(run && LIVE.has(run.status));

/**
 * Whether the job log's latest answer shows a run ended that its previous answer (`before`: each
 * run's status; null before the first answer) did not: also a run that ended before the first
 * answer (a quick sync on a busy server), which moved the app's last sync after the app list was
 * fetched.
 */
export const runsEnded = (
  before: ReadonlyMap<number, string> | null,
  items: Pick<WecomSyncRunRow, 'id' | 'status'>[],
) => items.some((r) => !isLive(r) && before?.get(r.id) !== r.status);
