import { type AliyunRpcOptions, callAliyunRpc, ProviderHttpError } from '../aliyun-rpc';
import { parseShanghaiTime } from '../sms/types';
import type { CallProvider, CallReceipt, CallStartInput, CallStartResult, HangupSide } from './types';

const str = (v: unknown) => (v == null ? '' : String(v));
const shanghai = (d: Date) =>
  new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
/** release_dir: 0 平台释放, 1 主叫挂断, 2 被叫挂断. */
const RELEASE_DIR: Record<string, HangupSide> = { '0': 'PLATFORM', '1': 'CALLER', '2': 'CALLEE' };

/**
 * Aliyun 号码隐私保护 (dyplsapi 2017-05-25, reference/providers.md 5.1): a call is an AXB binding
 * (A = the staff member's phone, B = the client, X = our privacy number) made with BindAxb, with
 * our call_record id as OutId; the staff member dials X and the platform bridges to B. The end of
 * the call arrives as a SecretReport push (JSON array of CDRs) answered with {"code":0}.
 */
export class AliyunPlsProvider implements CallProvider {
  readonly name = 'aliyun_pls';
  private readonly o: AliyunRpcOptions;
  constructor(o: Omit<AliyunRpcOptions, 'version' | 'defaultHost'>) {
    this.o = { ...o, version: '2017-05-25', defaultHost: 'dyplsapi.aliyuncs.com' };
  }

  async start(i: CallStartInput): Promise<CallStartResult> {
    if (!i.callerMobile) throw new ProviderHttpError('NO_CALLER_MOBILE', 'the caller has no mobile (A)');
    const body = await callAliyunRpc(this.o, 'BindAxb', {
      PoolKey: i.poolKey,
      PhoneNoA: i.callerMobile,
      PhoneNoB: i.callee,
      PhoneNoX: i.number,
      Expiration: shanghai(i.expiresAt),
      IsRecordingEnabled: i.record ? 'true' : 'false',
      OutId: String(i.recordId),
    });
    if (body.Code !== 'OK') throw new ProviderHttpError(str(body.Code), str(body.Message));
    const dto = (body.SecretBindDTO ?? {}) as Record<string, unknown>;
    return { callId: str(dto.SubsId), displayNumber: str(dto.SecretNo) || i.number };
  }

  async test() {
    // An authenticated read: a binding that does not exist answers a business code, a wrong
    // key answers an HTTP error.
    await callAliyunRpc(this.o, 'QuerySubscriptionDetail', {
      PoolKey: 'FC_TEST',
      SubsId: '0',
      PhoneNoX: '0',
    });
  }

  parseReceipts(body: unknown): CallReceipt[] {
    if (!Array.isArray(body)) throw new ProviderHttpError('BAD_RECEIPT', 'expected a JSON array');
    return body.map((r: Record<string, unknown>) => {
      const start = parseShanghaiTime(r.start_time);
      const release = parseShanghaiTime(r.release_time);
      const answered = Boolean(start && release && release.getTime() > start.getTime());
      const out = Number(r.out_id);
      return {
        key: `report:${str(r.call_id) || str(r.id)}`,
        recordId: Number.isSafeInteger(out) && out > 0 ? out : null,
        callId: str(r.sub_id) || null,
        event: 'END' as const,
        ringAt: parseShanghaiTime(r.ring_time),
        answeredAt: answered ? start : null,
        endedAt: release,
        talkSeconds:
          answered && start && release ? Math.round((release.getTime() - start.getTime()) / 1000) : 0,
        statusCode: answered ? 'ANSWERED' : str(r.unconnected_cause) || str(r.release_cause) || 'NO_ANSWER',
        endReason: str(r.release_cause),
        hangupBy: RELEASE_DIR[str(r.release_dir)] ?? 'UNKNOWN',
        recordingUrl: str(r.record_url) || null,
        raw: r,
      };
    });
  }

  receiptAck() {
    return { code: 0, msg: '接收成功' };
  }
}
