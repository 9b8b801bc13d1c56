import { ApiError } from '../../../../api/errors';

/**
 * Whether a failed delete was refused because the entry is referenced (by clients, orders or
 * sub-channels; the server marks those refusals with `data.reason = "IN_USE"`): the page then offers
 * to disable it. Other refusals (a stale version, "other grades advance into this one") are shown as
 * they are.
 */
export const isInUseRefusal = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  (error.data as { reason?: unknown } | null)?.reason === 'IN_USE';
