import type { Tone } from '../../../components/StatusTag';

/** Status tones of the course pages. */
export const CLASS_TONES: Record<string, Tone> = {
  DRAFT: 'neutral',
  ENROLLING: 'info',
  IN_PROGRESS: 'success',
  FINISHED: 'neutral',
  ARCHIVED: 'neutral',
};
export const STUDENT_TONES: Record<string, Tone> = {
  NORMAL: 'success',
  TRANSFERRED: 'info',
  REFUNDED: 'error',
  REMOVED: 'neutral',
  EXPIRED: 'warning',
};
export const USER_TONES: Record<string, Tone> = { ACTIVE: 'success', EXPIRED: 'warning', REVOKED: 'error' };
export const LIVE_TONES: Record<string, Tone> = {
  SCHEDULED: 'info',
  LIVE: 'success',
  ENDED: 'neutral',
  CANCELLED: 'neutral',
};
export const MEMBER_TONES: Record<string, Tone> = { ENABLED: 'success', DISABLED: 'neutral' };
export const idParam = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);
