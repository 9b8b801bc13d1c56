import type { DuplicateResult } from '@educrm/contract/clients';
import { isCnMobile, normalizeMobile } from '@educrm/contract/clients';

/**
 * What the client form shows beside the mobile after the duplicate look-up (DOMAIN 3.2): a
 * message (i18n key under `client.dup.*` with the owner's name) and the actions the user may take:
 * open their own client (or one in their scope), claim a pool client, or restore a deleted one
 * (admin). Pure: the caller passes what the user may do.
 */
export type DuplicateAction = 'open' | 'claim' | 'restore';

export interface DuplicateView {
  /** The mobile is free (success), taken (error) or in the pool / deleted (warning). */
  tone: 'success' | 'error' | 'warning';
  /** i18n key of the message. */
  key: string;
  params: { owner: string };
  actions: DuplicateAction[];
  /** The client the actions act on. */
  clientId: number | null;
}

export const duplicateView = (
  result: DuplicateResult,
  opts: { editingId?: number | null; canClaim: boolean; canRestore: boolean },
): DuplicateView | null => {
  const params = { owner: result.ownerName ?? '' };
  const id = result.clientId;
  // Editing a client: its own mobile is no duplicate.
  if (id !== null && opts.editingId === id) return null;
  switch (result.status) {
    case 'NONE':
      return { tone: 'success', key: 'client.dup.NONE', params, actions: [], clientId: null };
    case 'MINE':
      return { tone: 'error', key: 'client.dup.MINE', params, actions: id ? ['open'] : [], clientId: id };
    case 'OTHER':
      return { tone: 'error', key: 'client.dup.OTHER', params, actions: id ? ['open'] : [], clientId: id };
    case 'POOL':
      return {
        tone: 'warning',
        key: opts.canClaim ? 'client.dup.POOL' : 'client.dup.POOL_NO_CLAIM',
        params,
        actions: id ? (opts.canClaim ? ['claim', 'open'] : ['open']) : [],
        clientId: id,
      };
    case 'DELETED':
      return {
        tone: 'warning',
        key: opts.canRestore && id ? 'client.dup.DELETED_RESTORE' : 'client.dup.DELETED',
        params,
        actions: opts.canRestore && id ? ['restore'] : [],
        clientId: id,
      };
  }
};

/** The normalised mobile worth looking up, or null (empty or not a mainland mobile yet). */
export const mobileToCheck = (raw: unknown): string | null => {
  if (typeof raw !== 'string' || !raw.trim()) return null;
  const mobile = normalizeMobile(raw.trim());
  return isCnMobile(mobile) ? mobile : null;
};

/** The duplicate outcome a 409 of create/update carries (`data.duplicate`), if any. */
export const duplicateOfError = (error: unknown): DuplicateResult | null => {
  const data = (error as { data?: unknown } | null)?.data as { duplicate?: DuplicateResult } | null;
  const d = data?.duplicate;
  return d && typeof d === 'object' && typeof d.status === 'string' ? d : null;
};
