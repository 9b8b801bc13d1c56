import type { TemplateType } from '@educrm/contract';
import { type AliyunRpcOptions, callAliyunRpc, ProviderHttpError } from '../aliyun-rpc';
import {
  parseShanghaiTime,
  type ReviewState,
  type SmsProvider,
  type SmsReceipt,
  type SmsSendInput,
  type SmsSendResult,
} from './types';

/** Aliyun TemplateType: 0 验证码, 1 通知, 2 推广. */
const TEMPLATE_TYPE: Record<TemplateType, string> = { VERIFICATION: '0', NOTICE: '1', PROMOTION: '2' };
/** TemplateStatus / SignStatus of GetSmsTemplate, QuerySmsSign: 0 审核中, 1 通过, 2 未通过, 10 取消. */
const REVIEW: Record<string, ReviewState['status']> = {
  '0': 'PENDING',
  '1': 'APPROVED',
  '2': 'REJECTED',
  '10': 'CANCELLED',
};

const str = (v: unknown) => (v == null ? '' : String(v));

/**
 * Aliyun SMS (dysmsapi 2017-05-25, reference/providers.md 2): RPC actions signed with V1,
 * business errors are HTTP 200 with Code != "OK", delivery receipts are SmsReport pushes (a JSON
 * array) answered with {"code":0,"msg":"接收成功"}.
 */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun';
  private readonly o: AliyunRpcOptions;
  constructor(o: Omit<AliyunRpcOptions, 'version' | 'defaultHost'>) {
    this.o = { ...o, version: '2017-05-25', defaultHost: 'dysmsapi.aliyuncs.com' };
  }

  private async call(action: string, params: Record<string, string | undefined>) {
    const body = await callAliyunRpc(this.o, action, params);
    if (body.Code !== 'OK') throw new ProviderHttpError(str(body.Code), str(body.Message));
    return body;
  }

  async send(i: SmsSendInput): Promise<SmsSendResult> {
    try {
      const body = await callAliyunRpc(this.o, 'SendSms', {
        PhoneNumbers: i.mobile,
        SignName: i.signName,
        TemplateCode: i.templateCode,
        TemplateParam: JSON.stringify(i.params),
        OutId: i.outId,
      });
      return {
        ok: body.Code === 'OK',
        code: str(body.Code),
        message: str(body.Message),
        bizId: str(body.BizId),
        requestId: str(body.RequestId),
      };
    } catch (err) {
      if (err instanceof ProviderHttpError)
        return { ok: false, code: err.code, message: err.message, bizId: '', requestId: '' };
      throw err;
    }
  }

  async submitTemplate(t: { name: string; content: string; type: TemplateType; remark: string }) {
    const body = await this.call('CreateSmsTemplate', {
      TemplateName: t.name,
      TemplateContent: t.content,
      TemplateType: TEMPLATE_TYPE[t.type],
      Remark: t.remark || t.name,
    });
    return str(body.TemplateCode);
  }

  async templateState(code: string): Promise<ReviewState> {
    const body = await this.call('GetSmsTemplate', { TemplateCode: code });
    const audit = (body.AuditInfo ?? {}) as Record<string, unknown>;
    return {
      status: REVIEW[str(body.TemplateStatus)] ?? 'PENDING',
      reason: str(audit.RejectInfo ?? body.Reason),
    };
  }

  async submitSign(s: { name: string; source: number; remark: string }) {
    await this.call('CreateSmsSign', {
      SignName: s.name,
      SignSource: String(s.source),
      Remark: s.remark || s.name,
    });
  }

  async signState(name: string): Promise<ReviewState> {
    const body = await this.call('QuerySmsSign', { SignName: name });
    return { status: REVIEW[str(body.SignStatus)] ?? 'PENDING', reason: str(body.Reason) };
  }

  async test() {
    await this.call('QuerySmsTemplateList', { PageIndex: '1', PageSize: '1' });
  }

  parseReceipts(body: unknown): SmsReceipt[] {
    if (!Array.isArray(body)) throw new ProviderHttpError('BAD_RECEIPT', 'expected a JSON array');
    return body.map((r: Record<string, unknown>) => ({
      bizId: str(r.biz_id),
      outId: str(r.out_id),
      mobile: str(r.phone_number),
      success: r.success === true || r.success === 'true',
      code: str(r.err_code),
      message: str(r.err_msg),
      at: parseShanghaiTime(r.report_time),
    }));
  }

  receiptAck() {
    return { code: 0, msg: '接收成功' };
  }
}
