import { StatusTag, type Tone } from '../../../components/StatusTag';

const NUMBER_TONES: Record<string, Tone> = {
  AVAILABLE: 'success',
  DISABLED: 'neutral',
  FLAGGED: 'warning',
  SUSPENDED: 'error',
  RECYCLED: 'neutral',
};
const SCRIPT_TONES: Record<string, Tone> = { DRAFT: 'info', PUBLISHED: 'success', ARCHIVED: 'neutral' };
const AUDIT_TONES: Record<string, Tone> = {
  DRAFT: 'info',
  PENDING: 'warning',
  APPROVED: 'success',
  REJECTED: 'error',
  CANCELLED: 'neutral',
};
const CALL_TONES: Record<string, Tone> = {
  DIALING: 'info',
  RINGING: 'info',
  ANSWERED: 'success',
  ENDED: 'neutral',
  FAILED: 'error',
};
const DELIVERY_TONES: Record<string, Tone> = {
  INIT: 'info',
  SUCCESS: 'success',
  FAILURE: 'error',
  IGNORE: 'neutral',
  NO_RECEIPT: 'warning',
};

export const NumberStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="call.enum.numberStatus" tones={NUMBER_TONES} />
);
export const ScriptStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="call.enum.scriptStatus" tones={SCRIPT_TONES} />
);
export const AuditStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="call.enum.auditStatus" tones={AUDIT_TONES} />
);
export const CallStatusTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="call.enum.callStatus" tones={CALL_TONES} />
);
export const DeliveryTag = ({ value }: { value: string }) => (
  <StatusTag value={value} i18nPrefix="call.enum.delivery" tones={DELIVERY_TONES} />
);

/** 75 -> "1:15". */
export const talkTime = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
