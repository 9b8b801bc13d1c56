import { randomUUID } from 'node:crypto';
import { type TemplateType, templateParamsOf } from '@educrm/contract';
import { ProviderHttpError } from '../aliyun-rpc';
import { tc3Sign } from '../tencent/tc3';
import {
  parseShanghaiTime,
  positionalContent,
  type ReviewState,
  type SmsProvider,
  type SmsReceipt,
  type SmsSendInput,
  type SmsSendResult,
} from './types';

/** Tencent SmsType: 1 营销, 2 通知, 3 验证码. */
const SMS_TYPE: Record<TemplateType, number> = { PROMOTION: 1, NOTICE: 2, VERIFICATION: 3 };

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** SmsSdkAppId. */
  appId: string;
  region: string;
  /** host[:port] or a URL; default sms.tencentcloudapi.com over https. */
  endpoint: string;
  timeoutMs?: number;
  now?: () => Date;
}

const str = (v: unknown) => (v == null ? '' : String(v));

/**
 * Tencent Cloud SMS (sms 2021-01-11, reference/providers.md 3): POST / JSON signed with
 * TC3-HMAC-SHA256; errors come back as Response.Error; delivery callbacks are JSON arrays keyed
 * by `sid` (SendSms SerialNo), answered with {"result":0,"errmsg":"OK"}.
 */
export class TencentSmsProvider implements SmsProvider {
  readonly name = 'tencent';
  constructor(private readonly o: TencentSmsOptions) {}

  private async call(action: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
    const e = this.o.endpoint.trim() || 'sms.tencentcloudapi.com';
    const url = new URL(/^https?:\/\//.test(e) ? e : `https://${e}`);
    const body = JSON.stringify(payload);
    const timestamp = Math.floor((this.o.now ?? (() => new Date()))().getTime() / 1000);
    const contentType = 'application/json';
    const { authorization } = tc3Sign({
      secretId: this.o.secretId,
      secretKey: this.o.secretKey,
      service: 'sms',
      host: url.hostname,
      contentType,
      payload: body,
      timestamp,
    });
    let res: Response;
    try {
      res = await fetch(`${url.origin}/`, {
        method: 'POST',
        headers: {
          'content-type': contentType,
          authorization,
          'x-tc-action': action,
          'x-tc-version': '2021-01-11',
          'x-tc-region': this.o.region || 'ap-guangzhou',
          'x-tc-timestamp': String(timestamp),
          'x-tc-traceid': randomUUID(),
        },
        body,
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new ProviderHttpError('NETWORK', err instanceof Error ? err.message : String(err));
    }
    const text = await res.text();
    let json: { Response?: Record<string, unknown> };
    try {
      json = JSON.parse(text);
    } catch {
      throw new ProviderHttpError(`HTTP_${res.status}`, text.slice(0, 200), res.status);
    }
    const r = json.Response ?? {};
    const error = r.Error as { Code?: string; Message?: string } | undefined;
    if (error) throw new ProviderHttpError(str(error.Code), str(error.Message), res.status);
    if (!res.ok) throw new ProviderHttpError(`HTTP_${res.status}`, text.slice(0, 200), res.status);
    return r;
  }

  async send(i: SmsSendInput): Promise<SmsSendResult> {
    try {
      const r = await this.call('SendSms', {
        PhoneNumberSet: [`+86${i.mobile}`],
        SmsSdkAppId: this.o.appId,
        SignName: i.signName,
        TemplateId: i.templateCode,
        TemplateParamSet: i.paramOrder.map((name) => i.params[name] ?? ''),
        SessionContext: i.outId,
      });
      const status = ((r.SendStatusSet as Record<string, unknown>[]) ?? [])[0] ?? {};
      const ok = str(status.Code) === 'Ok';
      return {
        ok,
        code: str(status.Code),
        message: str(status.Message),
        bizId: str(status.SerialNo),
        requestId: str(r.RequestId),
      };
    } catch (err) {
      if (err instanceof ProviderHttpError)
        return { ok: false, code: err.code, message: err.message, bizId: '', requestId: '' };
      throw err;
    }
  }

  async submitTemplate(t: { name: string; content: string; type: TemplateType; remark: string }) {
    const r = await this.call('AddSmsTemplate', {
      TemplateName: t.name,
      TemplateContent: positionalContent(t.content, templateParamsOf(t.content)),
      SmsType: SMS_TYPE[t.type],
      International: 0,
      Remark: t.remark || t.name,
    });
    return str((r.AddTemplateStatus as Record<string, unknown> | undefined)?.TemplateId);
  }

  async templateState(code: string): Promise<ReviewState> {
    const r = await this.call('DescribeSmsTemplateList', {
      International: 0,
      TemplateIdSet: [Number(code)],
    });
    const s = ((r.DescribeTemplateStatusSet as Record<string, unknown>[]) ?? [])[0];
    if (!s) throw new ProviderHttpError('NOT_FOUND', `template ${code} not found`);
    const status = Number(s.StatusCode);
    return {
      status: status === 0 ? 'APPROVED' : status === -1 ? 'REJECTED' : 'PENDING',
      reason: str(s.ReviewReply),
    };
  }

  /** Tencent signatures are created and reviewed in its console; we keep the name as approved there. */
  async submitSign() {}
  async signState(): Promise<ReviewState> {
    return { status: 'APPROVED', reason: '' };
  }

  async test() {
    await this.call('DescribeSmsTemplateList', { International: 0, Limit: 1, Offset: 0 });
  }

  parseReceipts(body: unknown): SmsReceipt[] {
    if (!Array.isArray(body)) throw new ProviderHttpError('BAD_RECEIPT', 'expected a JSON array');
    return body.map((r: Record<string, unknown>) => ({
      bizId: str(r.sid),
      mobile: str(r.mobile),
      success: r.report_status === 'SUCCESS',
      code: str(r.errmsg),
      message: str(r.description),
      at: parseShanghaiTime(r.user_receive_time),
    }));
  }

  receiptAck() {
    return { result: 0, errmsg: 'OK' };
  }
}
