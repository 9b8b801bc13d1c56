import { randomBytes } from 'node:crypto';
import type { TemplateType } from '@educrm/contract';
import type { ReviewState, SmsProvider, SmsReceipt, SmsSendInput, SmsSendResult } from './types';

export interface SandboxSmsOptions {
  /** Share of messages delivered (0-100). */
  successRate: number;
  /** Delay of delivery receipts and of the review outcome. */
  delayMs: number;
  now: () => Date;
  random?: () => number;
}

/** Words a reviewer refuses, with the reason the sandbox gives (what real reviews often reject). */
const REJECTIONS: [RegExp, string][] = [
  [/https?:\/\//i, '模板内容含有未报备的链接'],
  [/加微信|加V|vx/i, '模板内容含有引流到第三方平台的信息'],
  [/最便宜|第一|稳赚/, '模板内容含有违反广告法的用语'],
];

/**
 * The default SMS provider: sends nothing, answers like a provider does, approves or rejects
 * templates and signatures after `delayMs` by the rules above, and delivers receipts for each
 * message after `delayMs` (a share `successRate` delivered, the rest failing as handsets do).
 * Receipts go to the sink the SMS service installs, the same path as a provider's push.
 */
export class SandboxSmsProvider implements SmsProvider {
  readonly name = 'sandbox';
  /** What would have been sent (newest last, bounded): tests and the demo read it. */
  static readonly outbox: (SmsSendInput & { at: Date; bizId: string })[] = [];
  private readonly pending = new Set<Promise<void>>();
  constructor(
    private readonly o: SandboxSmsOptions,
    private readonly sink: (receipts: SmsReceipt[]) => Promise<void>,
  ) {}

  private stamp(outcome: 'P' | 'R', reason = 0) {
    return `${this.o.now().getTime().toString(36)}_${outcome}${reason}`;
  }

  private review(code: string): ReviewState {
    const m = /_([0-9a-z]+)_(P|R)(\d)$/.exec(code);
    if (!m) return { status: 'REJECTED', reason: 'unknown sandbox code' };
    const at = Number.parseInt(m[1] as string, 36);
    if (this.o.now().getTime() - at < this.o.delayMs) return { status: 'PENDING', reason: '' };
    if (m[2] === 'P') return { status: 'APPROVED', reason: '' };
    return { status: 'REJECTED', reason: REJECTIONS[Number(m[3])]?.[1] ?? '' };
  }

  private judge(text: string): { outcome: 'P' | 'R'; reason: number } {
    const i = REJECTIONS.findIndex(([re]) => re.test(text));
    return i < 0 ? { outcome: 'P', reason: 0 } : { outcome: 'R', reason: i };
  }

  async submitTemplate(t: { name: string; content: string; type: TemplateType; remark: string }) {
    const j = this.judge(t.content);
    return `SBX_${this.stamp(j.outcome, j.reason)}`;
  }
  async templateState(code: string) {
    return this.review(code);
  }
  private readonly signs = new Map<string, string>();
  async submitSign(s: { name: string; source: number; remark: string }) {
    const j = this.judge(s.name);
    this.signs.set(s.name, `SIGN_${this.stamp(j.outcome, j.reason)}`);
  }
  async signState(name: string): Promise<ReviewState> {
    const code = this.signs.get(name);
    // A signature submitted before a restart: the sandbox remembers nothing, so it approves it.
    return code ? this.review(code) : { status: 'APPROVED', reason: '' };
  }
  async test() {}

  async send(input: SmsSendInput): Promise<SmsSendResult> {
    const bizId = `${Date.now()}${randomBytes(6).toString('hex')}`;
    SandboxSmsProvider.outbox.push({ ...input, at: this.o.now(), bizId });
    if (SandboxSmsProvider.outbox.length > 1000) SandboxSmsProvider.outbox.shift();
    const delivered = (this.o.random ?? Math.random)() * 100 < this.o.successRate;
    const receipt: SmsReceipt = {
      bizId,
      outId: input.outId,
      mobile: input.mobile,
      success: delivered,
      code: delivered ? 'DELIVERED' : 'MK:0001',
      message: delivered ? '用户接收成功' : '用户手机关机或不在服务区',
      at: null,
    };
    const run = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.sink([{ ...receipt, at: this.o.now() }])
          .catch(() => {})
          .finally(resolve);
      }, this.o.delayMs);
      timer.unref?.();
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return { ok: true, code: 'OK', message: 'OK', bizId, requestId: randomBytes(8).toString('hex') };
  }

  /** Resolves when every receipt scheduled so far has been delivered (tests, shutdown). */
  async settle() {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  parseReceipts(): SmsReceipt[] {
    return [];
  }
  receiptAck() {
    return { code: 0, msg: 'ok' };
  }
}
