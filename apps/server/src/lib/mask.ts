import { maskMobile as mask } from '@educrm/contract';
import type { Principal } from '../types';

/** 13812341234 → 138****1234 (the contract's mask); nothing for no number. */
export const maskMobile = (mobile: string | null | undefined): string => (mobile ? mask(mobile) : '');

// DOMAIN Decision 12, decided here only: the phone of a client, a buyer or a WeCom contact.

/**
 * Whether an answer (page, list, detail) carries a mobile in full: never. What the console masks,
 * the API masks (138****1234), for owners and admins alike; the full number only comes from the
 * audited reveal (POST /clients/:id/reveal-phone, client.phone.view), so no reader bypasses the audit.
 */
export const seesFullPhone = (_p: Principal, _ownerUserId: number | null): boolean => false;

/**
 * Exports (their own permission, and audited as exports with their row count) keep the numbers
 * their holder may reveal: with client.phone.view, for own rows (the owner or sales user) or every
 * row with scope ALL. Every export of client, order or contact phones decides through this.
 */
export const exportsFullPhone = (p: Principal, ownerUserId: number | null): boolean =>
  p.permissions.has('client.phone.view') && (p.dataScope === 'ALL' || ownerUserId === p.userId);

/** A mobile as an export shows it to `p`: full or masked by exportsFullPhone. */
export const exportMobile = (p: Principal, ownerUserId: number | null, mobile: string): string =>
  exportsFullPhone(p, ownerUserId) ? mobile : maskMobile(mobile);
