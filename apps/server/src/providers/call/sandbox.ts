import { randomUUID } from 'node:crypto';
import type { CallProvider, CallReceipt, CallStartInput, CallStartResult } from './types';

export interface SandboxCallOptions {
  /** Share of calls answered (0-100). */
  connectRate: number;
  /** Time from dialing to the end receipt; ring and answer come at a third and two thirds. */
  delayMs: number;
  now: () => Date;
  random?: () => number;
}

/** How unanswered calls end, as real networks report them (weights add up to 1). */
const MISSES: [string, string, number][] = [
  ['NO_ANSWER', '无人接听', 0.55],
  ['BUSY', '用户忙', 0.2],
  ['POWER_OFF', '关机', 0.15],
  ['NOT_EXIST', '空号', 0.1],
];

/**
 * The default telephony provider: dials nobody, answers like a provider and then delivers the
 * ring / answer / end receipts of a plausible call through the same receipt path as a real push
 * (`connectRate` of the calls answered, talk time 8 s - 6 min, misses spread like real ones).
 */
export class SandboxCallProvider implements CallProvider {
  readonly name = 'sandbox';
  static readonly dialed: (CallStartInput & { at: Date; callId: string })[] = [];
  private readonly pending = new Set<Promise<void>>();
  constructor(
    private readonly o: SandboxCallOptions,
    private readonly sink: (receipts: CallReceipt[]) => Promise<void>,
  ) {}

  async start(input: CallStartInput): Promise<CallStartResult> {
    const callId = randomUUID();
    SandboxCallProvider.dialed.push({ ...input, at: this.o.now(), callId });
    if (SandboxCallProvider.dialed.length > 1000) SandboxCallProvider.dialed.shift();
    const rnd = this.o.random ?? Math.random;
    const answered = rnd() * 100 < this.o.connectRate;
    const talk = answered ? Math.round(8 + rnd() ** 2 * 352) : 0;
    const pick = rnd();
    let acc = 0;
    const miss =
      MISSES.find(([, , w]) => {
        acc += w;
        return pick < acc;
      }) ?? MISSES[0];
    const base = { recordId: input.recordId, callId, raw: { sandbox: true } };
    const step = (event: CallReceipt['event'], at: number, extra: Partial<CallReceipt>) =>
      this.later(at, () => ({ ...base, key: `${callId}:${event}`, event, ...extra }));
    const d = this.o.delayMs;
    step('RING', d / 3, { ringAt: null });
    if (answered) step('ANSWER', (2 * d) / 3, { answeredAt: null });
    step('END', d, {
      endedAt: null,
      talkSeconds: talk,
      statusCode: answered ? 'ANSWERED' : (miss?.[0] ?? 'NO_ANSWER'),
      endReason: answered ? '正常通话' : (miss?.[1] ?? ''),
      hangupBy: answered ? (rnd() < 0.5 ? 'CALLER' : 'CALLEE') : 'PLATFORM',
      recordingUrl: null,
    });
    return { callId, displayNumber: input.number };
  }

  /** Schedules one receipt; null times are filled with the clock at delivery. */
  private later(afterMs: number, make: () => CallReceipt) {
    const run = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const r = make();
        const now = this.o.now();
        for (const k of ['ringAt', 'answeredAt', 'endedAt'] as const) if (k in r && r[k] === null) r[k] = now;
        this.sink([r])
          .catch(() => {})
          .finally(resolve);
      }, afterMs);
      timer.unref?.();
    });
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
  }

  async settle() {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  async test() {}
  parseReceipts(): CallReceipt[] {
    return [];
  }
  receiptAck() {
    return { code: 0, msg: 'ok' };
  }
}
