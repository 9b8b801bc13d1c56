import type { AuditStatus, TemplateType } from '@educrm/contract';

/** Review outcome of a template or signature at the provider. */
export interface ReviewState {
  status: Exclude<AuditStatus, 'DRAFT'>;
  reason: string;
}

export interface SmsSendInput {
  mobile: string;
  signName: string;
  /** The provider's template code (Aliyun SMS_xxx, Tencent numeric id, sandbox SBX_...). */
  templateCode: string;
  /** Values by variable name, and the variables in template order (Tencent sends them by position). */
  params: Record<string, string>;
  paramOrder: string[];
  /** Our sms_log id, echoed by receipts where the provider supports it. */
  outId: string;
}

export interface SmsSendResult {
  ok: boolean;
  code: string;
  message: string;
  /** The provider's id of this message; delivery receipts carry it. */
  bizId: string;
  requestId: string;
}

/** A delivery receipt, normalised. */
export interface SmsReceipt {
  bizId: string;
  /** Our sms_log id when the provider echoes it (Aliyun out_id): a receipt may beat the send's answer. */
  outId?: string;
  mobile: string;
  success: boolean;
  code: string;
  message: string;
  at: Date | null;
}

export interface SmsProvider {
  readonly name: string;
  send(input: SmsSendInput): Promise<SmsSendResult>;
  submitTemplate(t: { name: string; content: string; type: TemplateType; remark: string }): Promise<string>;
  templateState(providerCode: string): Promise<ReviewState>;
  submitSign(s: { name: string; source: number; remark: string }): Promise<void>;
  signState(name: string): Promise<ReviewState>;
  /** A cheap authenticated call: throws when the credentials or the endpoint are wrong. */
  test(): Promise<void>;
  /** Receipts in the provider's push format; throws on a body that is not one. */
  parseReceipts(body: unknown): SmsReceipt[];
  /** What the provider expects as the answer to a receipt push. */
  receiptAck(): unknown;
}

/** Tencent and the sandbox take `${name}` content as `{1}{2}` by position. */
export const positionalContent = (content: string, order: string[]) =>
  content.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => `{${order.indexOf(name) + 1}}`);

export const renderSms = (content: string, params: Record<string, string>) =>
  content.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => params[name] ?? '');

/** "2017-01-01 00:00:00" in Asia/Shanghai, as the SMS receipts write it. */
export const parseShanghaiTime = (v: unknown): Date | null => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v)) return null;
  const d = new Date(`${v.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
};
